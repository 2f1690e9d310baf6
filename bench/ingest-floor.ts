/**
 * The floor under the ingest: how many settled bets per second a database takes when each
 * transaction of 1,000 bets does only the writes every bet requires, in the fastest form the
 * driver offers, with no validation, no player look-ups and no report aggregates:
 *
 *   - one `bet` row (INSERT … ON CONFLICT (bet_id) DO NOTHING RETURNING id),
 *   - two `ledger_entry` rows (the stake and the payout),
 *   - the balance of each wallet the batch touched.
 *
 * SQLite: one prepared single-row statement per row through better-sqlite3. PostgreSQL: one
 * statement per table with one array parameter per column (`unnest`), as the ingest does.
 * `--drop-indexes all` (or a comma-separated list of names) first drops secondary indexes of `bet`
 * and `ledger_entry` (those of the bet-record and bill screens; the unique keys stay), to show
 * what they cost. Bet ids grow in order, as from a game server that numbers its bets; with
 * `--random-ids` they are random text (as UUIDs would be), which puts every `bet_id` and ledger
 * `order_id` key on a random index page.
 *
 * The full ingest (bench/ingest.ts) cannot be faster than this; if this is below the ingest
 * target, the target is out of reach on this machine for the record model itself.
 *
 *   npx tsx bench/ingest-floor.ts [--only sqlite|postgres] [--runs 8] [--batches 25] [--drop-indexes all|NAME,…] [--random-ids]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import type { Dialect } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrations/index.ts';
import { generateDemo } from '../apps/server/src/modules/demo/generator.ts';
import { toNumber } from '../apps/server/src/db/sql.ts';
import { createTempDatabase, isPgReachable, PG_ADMIN_URL } from '../apps/server/test/temp-database.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '8' },
    batches: { type: 'string', default: '25' },
    only: { type: 'string' },
    'drop-indexes': { type: 'string' },
    'random-ids': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const RUN_BATCHES = Number(values.batches);
const BATCH = 1000;
/** The secondary indexes of `bet` and `ledger_entry` on either database (their unique keys stay). */
const SECONDARY_INDEXES = ['bet_settle_idx', 'bet_agent_settle_idx', 'bet_player_settle_idx', 'bet_day_player_idx', 'ledger_entry_time_idx', 'ledger_entry_player_idx', 'ledger_entry_day_player_idx'];
const DROPPED = values['drop-indexes'] === 'all' ? SECONDARY_INDEXES : (values['drop-indexes']?.split(',').filter(Boolean) ?? []);
for (const index of DROPPED) if (!SECONDARY_INDEXES.includes(index)) throw new Error(`--drop-indexes: ${index} is not one of ${SECONDARY_INDEXES.join(', ')}`);
const FUNDS = 1_000_000_000_000n;

interface Wallet {
  id: number;
  player_id: number;
  agent_id: number;
  currency_id: number;
  balance: bigint;
}

interface Bet {
  bet_id: string;
  wallet: Wallet;
  game_id: number;
  platform_id: number;
  stake: bigint;
  payout: bigint;
  bet_time: number;
  settle_time: number;
}

/** Stores one batch in one transaction; answers when it has committed. */
type StoreBatch = (bets: Bet[]) => Promise<void>;

/** The ledger rows of a batch, with running balances, and the final balance of each wallet. */
function movements(bets: Bet[], ids: Map<string, number>) {
  const ledger: Array<[Bet, number, 'bet' | 'payout', bigint, bigint, bigint, number]> = [];
  const touched = new Set<Wallet>();
  for (const b of bets) {
    const id = ids.get(b.bet_id);
    if (id === undefined) continue;
    const w = b.wallet;
    ledger.push([b, id, 'bet', -b.stake, w.balance, w.balance - b.stake, b.bet_time]);
    w.balance -= b.stake;
    ledger.push([b, id, 'payout', b.payout, w.balance, w.balance + b.payout, b.settle_time]);
    w.balance += b.payout;
    touched.add(w);
  }
  return { ledger, touched };
}

const LEDGER_COLUMNS = 'player_id, agent_id, currency_id, type, amount, balance_before, balance_after, order_id, related_bet_id, remark, time, created_at';
const BET_COLUMNS =
  'bet_id, round_id, agent_id, player_id, game_id, platform_id, currency_id, bet_amount, valid_bet_amount, payout_amount, tax_amount, bonus_amount, jackpot_contribution, bet_time, settle_time, device, created_at';

function sqliteStore(file: string): { store: StoreBatch; close(): void } {
  const db = new Sqlite(file);
  // As the server opens it (db/database.ts).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -65536');
  const bet = db.prepare(`INSERT INTO bet (${BET_COLUMNS}) VALUES (${BET_COLUMNS.split(',').map(() => '?').join(', ')}) ON CONFLICT (bet_id) DO NOTHING RETURNING id`);
  const entry = db.prepare(`INSERT INTO ledger_entry (${LEDGER_COLUMNS}) VALUES (${LEDGER_COLUMNS.split(',').map(() => '?').join(', ')})`);
  const wallet = db.prepare('UPDATE wallet SET balance = ?, updated_at = ? WHERE id = ?');
  const write = db.transaction((bets: Bet[]) => {
    const now = new Date().toISOString();
    const ids = new Map<string, number>();
    for (const b of bets) {
      const w = b.wallet;
      const row = bet.get(b.bet_id, b.bet_id, w.agent_id, w.player_id, b.game_id, b.platform_id, w.currency_id, b.stake, b.stake, b.payout, 0n, 0n, 0n, b.bet_time, b.settle_time, 'h5', now) as { id: number } | undefined;
      if (row) ids.set(b.bet_id, row.id);
    }
    const { ledger, touched } = movements(bets, ids);
    for (const [b, id, type, amount, before, after, time] of ledger) {
      entry.run(b.wallet.player_id, b.wallet.agent_id, b.wallet.currency_id, type, amount, before, after, b.bet_id, id, '', time, now);
    }
    for (const w of touched) wallet.run(w.balance, now, w.id);
  });
  return { store: async (bets) => write(bets), close: () => db.close() };
}

function pgStore(url: string): { store: StoreBatch; close(): Promise<void> } {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  const betSql = `INSERT INTO bet (${BET_COLUMNS}) SELECT * FROM unnest($1::text[], $1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $7::bigint[], $8::bigint[], $9::bigint[], $9::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::text[], $13::text[]) ON CONFLICT (bet_id) DO NOTHING RETURNING id, bet_id`;
  const ledgerSql = `INSERT INTO ledger_entry (${LEDGER_COLUMNS}) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::text[], $9::bigint[], $10::text[], $11::bigint[], $12::text[])`;
  const walletSql = 'UPDATE wallet SET balance = v.val, updated_at = $3 FROM unnest($1::bigint[], $2::bigint[]) AS v(id, val) WHERE wallet.id = v.id';
  return {
    async store(bets) {
      await connected;
      const now = new Date().toISOString();
      const col = <T>(f: (b: Bet) => T) => bets.map(f);
      await client.query('BEGIN');
      try {
        const inserted = await client.query<{ id: string; bet_id: string }>(betSql, [
          col((b) => b.bet_id), col((b) => b.wallet.agent_id), col((b) => b.wallet.player_id), col((b) => b.game_id), col((b) => b.platform_id),
          col((b) => b.wallet.currency_id), col((b) => String(b.stake)), col((b) => String(b.payout)), col(() => '0'), col((b) => b.bet_time),
          col((b) => b.settle_time), col(() => 'h5'), col(() => now),
        ]);
        const { ledger, touched } = movements(bets, new Map(inserted.rows.map((r) => [r.bet_id, toNumber(r.id)])));
        const lcol = <T>(f: (e: (typeof ledger)[number]) => T) => ledger.map(f);
        await client.query(ledgerSql, [
          lcol((e) => e[0].wallet.player_id), lcol((e) => e[0].wallet.agent_id), lcol((e) => e[0].wallet.currency_id), lcol((e) => e[2]),
          lcol((e) => String(e[3])), lcol((e) => String(e[4])), lcol((e) => String(e[5])), lcol((e) => e[0].bet_id), lcol((e) => e[1]),
          lcol(() => ''), lcol((e) => e[6]), lcol(() => now),
        ]);
        const ws = [...touched].sort((a, b) => a.id - b.id);
        await client.query(walletSql, [ws.map((w) => w.id), ws.map((w) => String(w.balance)), now]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    },
    close: () => client.end(),
  };
}

async function bench(dialect: Dialect): Promise<number[]> {
  const temp = await createTempDatabase(dialect, 'bench_floor');
  const { database } = temp;
  try {
    await migrateToLatest(database);
    await generateDemo(database, { bets: 0, days: 30, seed: 7, players: 5000 });
    for (const index of DROPPED) await sql`DROP INDEX IF EXISTS ${sql.ref(index)}`.execute(database.db);
    await sql`UPDATE wallet SET balance = ${FUNDS}`.execute(database.db);
    const wallets: Wallet[] = (
      await database.db.selectFrom('wallet as w').innerJoin('player as p', 'p.id', 'w.player_id').select(['w.id', 'w.player_id', 'p.agent_id', 'w.currency_id']).orderBy('w.id').execute()
    ).map((w) => ({ id: toNumber(w.id), player_id: toNumber(w.player_id), agent_id: toNumber(w.agent_id), currency_id: toNumber(w.currency_id), balance: FUNDS }));
    const games = (await database.db.selectFrom('game').select(['id', 'platform_id']).execute()).map((g) => ({ id: toNumber(g.id), platform_id: toNumber(g.platform_id) }));

    const target = dialect === 'sqlite' ? sqliteStore(temp.url.slice('sqlite:'.length)) : pgStore(temp.url);
    let seq = 0;
    const start = Date.now() - 30 * 86_400_000;
    // The same live feed as bench/ingest.ts: settle times move forward, random players.
    const makeBatch = (): Bet[] =>
      Array.from({ length: BATCH }, () => {
        seq++;
        const game = games[seq % games.length]!;
        const stake = BigInt(1 + (seq % 200)) * 10_000n;
        const t = start + seq * 50;
        return {
          bet_id: values['random-ids'] ? `floor-${Math.random().toString(36).slice(2)}-${seq}` : `floor-${String(seq).padStart(10, '0')}`, wallet: wallets[Math.floor(Math.random() * wallets.length)]!, game_id: game.id,
          platform_id: game.platform_id, stake, payout: seq % 5 < 2 ? (stake * 24n) / 10n : 0n, bet_time: t, settle_time: t + 3000,
        };
      });
    try {
      for (let i = 0; i < 3; i++) await target.store(makeBatch()); // warm-up
      const rates: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const batches = Array.from({ length: RUN_BATCHES }, makeBatch);
        const t0 = performance.now();
        for (const b of batches) await target.store(b);
        rates.push((RUN_BATCHES * BATCH) / ((performance.now() - t0) / 1000));
      }
      return rates;
    } finally {
      await target.close();
    }
  } finally {
    await temp.drop();
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en').padStart(8);
console.log(
  `Ingest floor: bet row + 2 ledger entries + wallet balances only, batches of ${BATCH}, ${RUNS} runs × ${RUN_BATCHES} batches, ` +
    `${DROPPED.length ? `WITHOUT ${DROPPED.join(', ')}, ` : ''}${values['random-ids'] ? 'random bet ids, ' : ''}${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (values.only && values.only !== dialect) continue;
  if (dialect === 'postgres' && !(await isPgReachable())) {
    console.log(`postgres: skipped, ${PG_ADMIN_URL} not reachable`);
    continue;
  }
  const rates = await bench(dialect);
  const target = dialect === 'sqlite' ? 50_000 : 20_000;
  console.log(`${dialect.padEnd(8)} median ${fmt(median(rates))} bets/s  (runs: ${rates.map((r) => Math.round(r).toLocaleString('en')).join(', ')})  ingest target ${target.toLocaleString('en')}`);
}
