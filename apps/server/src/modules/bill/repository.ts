import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { bill } from '@console/contract';
import { DAY_MS, instantsOfUtcDay } from '../../db/player-days.ts';
import { int8Text, toNumber } from '../../db/sql.ts';

const { LEDGER_TYPES } = bill;

/** SQL of the account-change ledger list. */

export interface BillFilter {
  playerAccount?: string | undefined;
  /** The path of the agent whose sub-tree to show ("/1/5/"). */
  agentPath?: string | undefined;
  currencyId?: number | undefined;
  type?: string | undefined;
  /** Epoch milliseconds, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
  orderId?: string | undefined;
  /** With a player filter on SQLite: the days of the time range, for its by-day player index (db/player-days.ts). */
  playerDays?: RawBuilder<unknown> | null | undefined;
}

/**
 * The filters that ledger_day_count can answer too (its columns have the entries' names): the
 * agent's sub-tree, the currency and the type.
 */
function dimensionConditions(f: BillFilter, table: 'ledger_entry' | 'ledger_day_count'): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [];
  const col = (c: string) => sql.ref(`${table}.${c}`);
  if (f.agentPath) out.push(sql<SqlBool>`${col('agent_id')} IN (SELECT agent.id FROM agent WHERE agent.path LIKE ${`${f.agentPath}%`})`);
  if (f.currencyId !== undefined) out.push(sql<SqlBool>`${col('currency_id')} = ${f.currencyId}`);
  if (f.type) out.push(sql<SqlBool>`${col('type')} = ${f.type}`);
  return out;
}

function filtered<O>(q: SelectQueryBuilder<DB, 'ledger_entry', O>, f: BillFilter) {
  if (f.playerAccount) {
    const account = f.playerAccount;
    q = q.where('ledger_entry.player_id', 'in', (eb) => eb.selectFrom('player').select('player.id').where('player.account', '=', account));
    if (f.playerDays) q = q.where(f.playerDays as RawBuilder<boolean>);
  }
  for (const c of dimensionConditions(f, 'ledger_entry')) q = q.where(c);
  if (f.from !== undefined) q = q.where('ledger_entry.time', '>=', f.from);
  if (f.to !== undefined) q = q.where('ledger_entry.time', '<=', f.to);
  if (f.orderId) {
    // Two keys find an order (migration 0009): a bet's movements by their bet, found by its
    // bet_id; the others by (type, order_id). Each branch repeats the predicate of its partial
    // index, and naming every type lets (type, order_id) be searched from its leading column.
    const orderId = f.orderId;
    q = q.where('ledger_entry.id', 'in', (eb) =>
      eb
        .selectFrom('ledger_entry as o')
        .select('o.id')
        .where('o.related_bet_id', 'is', null)
        .where('o.type', 'in', [...LEDGER_TYPES])
        // An agent API transfer is stored as "api:<agent id>:<order id>" (bill/service.ts, orderOf).
        .where((w) => w.or([w('o.order_id', '=', orderId), w.and([w('o.order_id', 'like', 'api:%'), w(sql<string>`substr(o.order_id, length(o.order_id) - ${orderId.length})`, '=', `:${orderId}`)])]))
        .unionAll(
          eb
            .selectFrom('ledger_entry as o')
            .select('o.id')
            .where('o.related_bet_id', 'is not', null)
            .where('o.related_bet_id', 'in', (b) => b.selectFrom('bet').select('bet.id').where('bet.bet_id', '=', orderId)),
        ),
    );
  }
  return q;
}

/** Entries matching the filter, counted one by one. */
export async function countEntries(db: Kysely<DB>, f: BillFilter): Promise<number> {
  const r = await filtered(db.selectFrom('ledger_entry'), f)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return toNumber(r?.n);
}

/** A part of the list's time range and how many entries of the filter it holds; bounds inclusive, open where undefined. */
export interface Stretch {
  from: number | undefined;
  to: number | undefined;
  count: number;
}

/**
 * The filter's time range cut into the stretches that hold its entries, newest first: each whole
 * UTC day with entries, counted from ledger_day_count (migration 0010), and the partial days at
 * the range's edges, counted entry by entry. Counting a currency's, an agent's or a type's
 * entries over a year entry by entry took 1.3–3.7 s on a 14-million-entry ledger; and the
 * stretches tell which days a page's entries are on (pageWindow). Null when the filter names a
 * player or an order id: their own keys find their entries, which are then counted directly.
 */
export async function ledgerStretches(db: Kysely<DB>, f: BillFilter): Promise<Stretch[] | null> {
  if (f.playerAccount || f.orderId) return null;
  const firstDay = f.from === undefined ? undefined : Math.ceil(f.from / DAY_MS);
  // The day after the last one that `to` (inclusive) covers whole.
  const endDay = f.to === undefined ? undefined : Math.floor((f.to + 1) / DAY_MS);
  const edges = (from: number | undefined, to: number | undefined): Promise<Stretch> => countEntries(db, { ...f, from, to }).then((count) => ({ from, to, count }));
  // No whole day in the range, or an edge within a day of 1970 (day 0 is two days wide): one stretch.
  const nearEpoch = (f.from !== undefined && f.from < DAY_MS) || (f.to !== undefined && f.to < DAY_MS);
  if (nearEpoch || (firstDay !== undefined && endDay !== undefined && firstDay >= endDay)) {
    return [await edges(f.from, f.to)].filter((s) => s.count > 0);
  }
  let q = db
    .selectFrom('ledger_day_count')
    .select(['ledger_day_count.day', sql<string>`CAST(SUM(entry_count) AS TEXT)`.as('n')])
    .groupBy('ledger_day_count.day')
    .orderBy('ledger_day_count.day', 'desc');
  if (firstDay !== undefined) q = q.where('ledger_day_count.day', '>=', firstDay);
  if (endDay !== undefined) q = q.where('ledger_day_count.day', '<', endDay);
  for (const c of dimensionConditions(f, 'ledger_day_count')) q = q.where(c);
  const [days, head, tail] = await Promise.all([
    q.execute(),
    firstDay !== undefined && f.from! < firstDay * DAY_MS ? edges(f.from, firstDay * DAY_MS - 1) : null,
    endDay !== undefined && endDay * DAY_MS <= f.to! ? edges(endDay * DAY_MS, f.to) : null,
  ]);
  const whole = days.map((d) => ({ ...instantsOfUtcDay(toNumber(d.day)), count: toNumber(d.n) }));
  return [...(tail ? [tail] : []), ...whole, ...(head ? [head] : [])].filter((s) => s.count > 0);
}

/**
 * Where entries [offset, offset + limit) of the newest-first list are: the time window of the
 * stretches that hold them, and how many of the window's entries come before the first. Null when
 * the list ends before `offset`. The page then reads only those days, however rare the filter's
 * entries are among the others.
 */
export function pageWindow(stretches: readonly Stretch[], offset: number, limit: number): { from: number | undefined; to: number | undefined; skip: number } | null {
  let seen = 0;
  let newest: Stretch | undefined;
  let oldest: Stretch | undefined;
  let before = 0;
  for (const s of stretches) {
    if (!newest && seen + s.count <= offset) {
      seen += s.count;
      before = seen;
      continue;
    }
    newest ??= s;
    oldest = s;
    seen += s.count;
    if (seen >= offset + limit) break;
  }
  return newest && oldest ? { from: oldest.from, to: newest.to, skip: offset - before } : null;
}

/** Newest first; entries of the same instant in reverse order of writing. */
export async function pageLedger(db: Kysely<DB>, f: BillFilter, offset: number, limit: number) {
  const ids = filtered(db.selectFrom('ledger_entry'), f)
    .select(['ledger_entry.id'])
    .orderBy('ledger_entry.time', 'desc')
    .orderBy('ledger_entry.id', 'desc')
    .limit(limit)
    .offset(offset);
  // Page the narrow ledger rows first, then join the names for that page only.
  return db
    .selectFrom('ledger_entry as l')
    .innerJoin('player as p', 'p.id', 'l.player_id')
    .innerJoin('agent as a', 'a.id', 'l.agent_id')
    .innerJoin('currency as c', 'c.id', 'l.currency_id')
    .leftJoin('operator_user as o', 'o.id', 'l.operator_id')
    .where('l.id', 'in', ids)
    .select([
      'l.id', 'l.player_id', 'p.account as player_account', 'l.agent_id', 'a.code as agent_code', 'l.currency_id',
      'c.code as currency_code', 'l.type', 'l.order_id', 'l.related_bet_id', 'l.operator_id', 'o.account as operator_account', 'l.remark', 'l.time',
      int8Text(sql.ref('l.amount')).as('amount'),
      int8Text(sql.ref('l.balance_before')).as('balance_before'),
      int8Text(sql.ref('l.balance_after')).as('balance_after'),
    ])
    .orderBy('l.time', 'desc')
    .orderBy('l.id', 'desc')
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        id: toNumber(r.id),
        player_id: toNumber(r.player_id),
        agent_id: toNumber(r.agent_id),
        currency_id: toNumber(r.currency_id),
        related_bet_id: r.related_bet_id === null ? null : toNumber(r.related_bet_id),
        operator_id: r.operator_id === null ? null : toNumber(r.operator_id),
        time: toNumber(r.time),
      })),
    );
}
