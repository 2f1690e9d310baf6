/**
 * Domain fixtures shared by the ingest, ledger, key, bill and dictionary tests: a small set of
 * currencies, platforms, games and a three-level agent tree, written straight into the database,
 * plus helpers to build ingest records and call the ingest endpoints.
 */
import type { Kysely } from 'kysely';
import { ingest } from '@console/contract';
import type { DB } from '../src/db/schema.ts';
import { int8Text, toNumber } from '../src/db/sql.ts';
import { ledgerDayCounts } from '../src/modules/wallet/repository.ts';
import { sql } from 'kysely';
import type { TestApp } from './harness.ts';

export interface Dimensions {
  currency: Record<'CNY' | 'USD' | 'VND', number>;
  platform: Record<'PG' | 'JL', number>;
  game: Record<'slot1' | 'card1' | 'fish1', number>;
  /** A1 (level 1) > A1-1 (level 2) > A1-1-1 (level 3); B1 (level 1) on its own. */
  agent: Record<'A1' | 'A1-1' | 'A1-1-1' | 'B1', number>;
}

const NOW = '2026-01-01T00:00:00.000Z';

export async function createDimensions(db: Kysely<DB>): Promise<Dimensions> {
  const id = (r: { id: unknown }) => toNumber(r.id);
  const currency = {} as Dimensions['currency'];
  for (const [i, [code, name, symbol, rate]] of ([
    ['CNY', '人民币', '¥', '1'],
    ['USD', 'US Dollar', '$', '7.2'],
    ['VND', 'Đồng', '₫', '0.00029'],
  ] as const).entries()) {
    currency[code] = id(
      await db.insertInto('currency').values({ code, name, symbol, decimals: 2, rate, status: 1, sort: i, created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow(),
    );
  }
  const platform = {} as Dimensions['platform'];
  for (const [i, code] of (['PG', 'JL'] as const).entries()) {
    platform[code] = id(await db.insertInto('platform').values({ code, name: `${code} Games`, status: 1, sort: i, created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow());
  }
  const game = {} as Dimensions['game'];
  for (const [i, [code, type, p]] of ([
    ['slot1', 'slot', 'PG'],
    ['card1', 'card', 'JL'],
    ['fish1', 'fishing', 'JL'],
  ] as const).entries()) {
    game[code] = id(
      await db
        .insertInto('game')
        .values({ code, name_zh: `游戏${i}`, name_en: `Game ${i}`, platform_id: platform[p], type, status: 1, sort: i, created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  }
  const agent = {} as Dimensions['agent'];
  const addAgent = async (code: keyof Dimensions['agent'], parent: keyof Dimensions['agent'] | null, cur: keyof Dimensions['currency']) => {
    const parentRow = parent ? await db.selectFrom('agent').select(['id', 'path', 'level']).where('code', '=', parent).executeTakeFirstOrThrow() : null;
    const newId = id(
      await db
        .insertInto('agent')
        .values({
          code, name: `Agent ${code}`, parent_id: parentRow ? toNumber(parentRow.id) : null, level: parentRow ? toNumber(parentRow.level) + 1 : 1,
          path: 'tmp', currency_id: currency[cur], wallet_mode: 1, share_rate: 0, ip_whitelist: '', status: 1, remark: '', created_at: NOW, updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    await db.updateTable('agent').set({ path: `${parentRow ? parentRow.path : '/'}${newId}/` }).where('id', '=', newId).execute();
    agent[code] = newId;
  };
  await addAgent('A1', null, 'CNY');
  await addAgent('A1-1', 'A1', 'CNY');
  await addAgent('A1-1-1', 'A1-1', 'USD');
  await addAgent('B1', null, 'VND');
  return { currency, platform, game, agent };
}

let seq = 0;
export const uniq = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

export function betRecord(overrides: Partial<ingest.IngestBet> = {}): ingest.IngestBet {
  return {
    bet_id: uniq('bet'),
    round_id: uniq('round'),
    agent_code: 'A1',
    player_account: 'alice',
    game_code: 'slot1',
    currency_code: 'CNY',
    bet_amount: '10.0000',
    valid_bet_amount: '10.0000',
    payout_amount: '0.0000',
    tax_amount: '0.0000',
    bonus_amount: '0.0000',
    jackpot_contribution: '0.0000',
    bet_time: '2026-01-10T12:00:00+08:00',
    settle_time: '2026-01-10T12:00:05+08:00',
    device: 'web',
    ...overrides,
  };
}

export function transferRecord(overrides: Partial<ingest.IngestTransfer> = {}): ingest.IngestTransfer {
  return {
    order_id: uniq('order'),
    agent_code: 'A1',
    player_account: 'alice',
    currency_code: 'CNY',
    direction: 'in',
    amount: '100.0000',
    time: '2026-01-10T11:00:00+08:00',
    ...overrides,
  };
}

/** Issues an ingest key through key/add as the demo admin; answers the Authorization header value. */
export async function ingestAuth(t: TestApp, token?: string): Promise<string> {
  const tk = token ?? (await t.login());
  const r = await t.call<{ app_id: string; secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'test' }, { token: tk });
  if (r.error_code !== '0') throw new Error(`key/add failed: ${r.error_msg}`);
  return `Bearer ${r.data.app_id}:${r.data.secret}`;
}

export interface IngestAnswer {
  status: number;
  error_code?: string;
  error_msg?: string;
  data?: { accepted: number; duplicates: number } & { index: number | null; field: string; reason: string };
  code?: string;
  msg?: string;
}

export async function postIngest(t: TestApp, kind: 'bets' | 'transfers' | 'cancels', records: unknown, auth: string | null): Promise<IngestAnswer> {
  const res = await t.app.inject({
    method: 'POST',
    url: ingest.INGEST_PATHS[kind],
    payload: { [kind]: records },
    headers: { 'accept-language': 'en', ...(auth ? { authorization: auth } : {}) },
  });
  return { status: res.statusCode, ...(res.json() as object) };
}

/** Row counts of everything an ingest writes. */
export async function ingestCounts(db: Kysely<DB>) {
  const count = async (table: 'bet' | 'ledger_entry' | 'player' | 'wallet') =>
    toNumber((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { bets: await count('bet'), ledger: await count('ledger_entry'), players: await count('player'), wallets: await count('wallet') };
}

export async function walletBalance(db: Kysely<DB>, account: string, currencyCode = 'CNY'): Promise<bigint | null> {
  const r = await db
    .selectFrom('wallet as w')
    .innerJoin('player as p', 'p.id', 'w.player_id')
    .innerJoin('currency as c', 'c.id', 'w.currency_id')
    .select(int8Text(sql.ref('w.balance')).as('balance'))
    .where('p.account', '=', account)
    .where('c.code', '=', currencyCode)
    .executeTakeFirst();
  return r ? BigInt(r.balance) : null;
}

/**
 * The ledger invariant: for every wallet, the entries in id order chain (each balance_before is
 * the previous balance_after, starting at 0; before + amount = after; never negative) and the
 * last balance_after is the wallet's balance. Answers the problems found.
 */
export async function ledgerProblems(db: Kysely<DB>): Promise<string[]> {
  const entries = await db
    .selectFrom('ledger_entry')
    .select(['id', 'player_id', 'currency_id', int8Text(sql.ref('amount')).as('amount'), int8Text(sql.ref('balance_before')).as('before'), int8Text(sql.ref('balance_after')).as('after')])
    .orderBy('id')
    .execute();
  const wallets = await db.selectFrom('wallet').select(['player_id', 'currency_id', int8Text(sql.ref('balance')).as('balance')]).execute();
  const last = new Map<string, bigint>();
  const problems: string[] = [];
  for (const e of entries) {
    const key = `${toNumber(e.player_id)}:${toNumber(e.currency_id)}`;
    const prev = last.get(key) ?? 0n;
    const [amount, before, after] = [BigInt(e.amount), BigInt(e.before), BigInt(e.after)];
    if (before !== prev) problems.push(`entry ${e.id}: balance_before ${before} != previous ${prev}`);
    if (before + amount !== after) problems.push(`entry ${e.id}: ${before} + ${amount} != ${after}`);
    if (after < 0n) problems.push(`entry ${e.id}: negative balance ${after}`);
    last.set(key, after);
  }
  for (const w of wallets) {
    const key = `${toNumber(w.player_id)}:${toNumber(w.currency_id)}`;
    if ((last.get(key) ?? 0n) !== BigInt(w.balance)) problems.push(`wallet ${key}: balance ${w.balance} != ledger ${last.get(key) ?? 0n}`);
  }
  // The bill list's per-day counts and sums (migrations 0010, 0018) move with the entries, refused batches included.
  const shown = (c: { entry_count: number; amount_in: bigint; amount_out: bigint }) => `${c.entry_count} / ${c.amount_in} / ${c.amount_out}`;
  const counted = new Map((await ledgerDayCounts(db, true)).map((c) => [`${c.day}:${c.agent_id}:${c.currency_id}:${c.type}`, shown(c)]));
  for (const c of await ledgerDayCounts(db, false)) {
    const key = `${c.day}:${c.agent_id}:${c.currency_id}:${c.type}`;
    if (counted.get(key) !== shown(c)) problems.push(`day count ${key}: ${shown(c)} != ${counted.get(key) ?? 0} of the entries`);
    counted.delete(key);
  }
  for (const [key, n] of counted) problems.push(`day count ${key}: missing, ${n} entries`);
  return problems;
}

/** An operator holding only the given permission codes; answers a session token for it. */
export async function loginWithPermissions(t: TestApp, account: string, permissions: string): Promise<string> {
  const { hashPassword, clientPasswordHash } = await import('../src/lib/passwords.ts');
  await t.database.db
    .insertInto('operator_user')
    .values({
      account, name: account, phone: '', status: 1, password_hash: await hashPassword(clientPasswordHash('secret123')), totp_secret: null, totp_pending_secret: null,
      permissions, last_login_at: null, last_login_ip: null, created_by: null, created_at: NOW, updated_at: NOW,
    })
    .execute();
  return t.login(account, 'secret123');
}
