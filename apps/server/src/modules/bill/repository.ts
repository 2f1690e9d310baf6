import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { bill } from '@console/contract';
import type { Dialect } from '../../db/database.ts';
import { DAY_MS, instantsOfUtcDay, utcDayOf } from '../../db/player-days.ts';
import { int8Text, toNumber } from '../../db/sql.ts';

const { LEDGER_TYPES } = bill;

/** SQL of a sum of a 64-bit integer expression, as text that moneySumOf reads. */
type SumSql = (expr: RawBuilder<unknown>) => RawBuilder<string>;

/**
 * SUM as decimal text. PostgreSQL's SUM(bigint) is a numeric, exact at any size. SQLite's SUM over
 * integers is a 64-bit integer and raises "integer overflow" past it (see exactSums).
 */
const plainSum: SumSql = (expr) => int8Text(sql`SUM(${expr})`);

/**
 * SQLite: the sum in two halves, the high 32 bits of each amount (an arithmetic shift, so the sign
 * stays with them) and the low 32 bits (0 to 2^32 − 1), as "hi:lo". Each half's sum stays within 64
 * bits for up to 2^31 rows; moneySumOf puts them together as hi × 2^32 + lo.
 */
const halvesSum: SumSql = (expr) => sql<string>`CAST(SUM((${expr}) >> 32) AS TEXT) || ':' || CAST(SUM((${expr}) & 4294967295) AS TEXT)`;

/** SQLite's refusal of an integer SUM past the signed 64-bit range. */
const isIntegerSumOverflow = (err: unknown) => {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === 'SQLITE_ERROR' && e.message === 'integer overflow';
};

/**
 * Runs a statement of sums so that they come out exact whatever their size. Each amount, day row
 * and balance of the ledger stays within the signed 64-bit range, but a total over many of them
 * need not: a range of large transfers passes it, and no narrower range would help forever. On
 * SQLite the statement runs with the plain SUM first and, only when that overflows, again with
 * the sums in halves (halvesSum costs about twice the plain one per row summed).
 */
async function exactSums<T>(dialect: Dialect, run: (sum: SumSql) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') return run(plainSum);
  try {
    return await run(plainSum);
  } catch (err) {
    if (!isIntegerSumOverflow(err)) throw err;
    return run(halvesSum);
  }
}

/** A sum read through a SumSql, as a bigint. */
function moneySumOf(text: unknown): bigint {
  const s = String(text ?? '0');
  const colon = s.indexOf(':');
  return colon < 0 ? BigInt(s) : (BigInt(s.slice(0, colon)) << 32n) + BigInt(s.slice(colon + 1));
}

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
        // Every id the order may be stored as — its own and one per agent — is looked up through
        // (type, order_id): one list, as an OR of the two made PostgreSQL read every transfer's
        // entry (145 ms on 14 M entries, 0.5 ms so) and a suffix test did the same on both.
        .where('o.order_id', 'in', sql<string>`(SELECT CAST(${orderId} AS TEXT) UNION ALL SELECT 'api:' || CAST(agent.id AS TEXT) || ':' || ${orderId} FROM agent)`)
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

/** The count and money of the entries of one currency (amounts in 1/10000 units). */
export interface CurrencySums {
  currency_id: number;
  entry_count: number;
  /** Sum of the positive amounts. */
  amount_in: bigint;
  /** Sum of the negative amounts (≤ 0). */
  amount_out: bigint;
}

/** Sums of the filter's entries per currency, entry by entry. */
export async function sumEntries(db: Kysely<DB>, dialect: Dialect, f: BillFilter): Promise<CurrencySums[]> {
  const rows = await exactSums(dialect, (sum) =>
    filtered(db.selectFrom('ledger_entry'), f)
      .select([
        'ledger_entry.currency_id',
        (eb) => eb.fn.countAll().as('n'),
        sum(sql`CASE WHEN ledger_entry.amount > 0 THEN ledger_entry.amount ELSE 0 END`).as('amount_in'),
        sum(sql`CASE WHEN ledger_entry.amount < 0 THEN ledger_entry.amount ELSE 0 END`).as('amount_out'),
      ])
      .groupBy('ledger_entry.currency_id')
      .execute(),
  );
  return rows.map((r) => ({ currency_id: toNumber(r.currency_id), entry_count: toNumber(r.n), amount_in: moneySumOf(r.amount_in), amount_out: moneySumOf(r.amount_out) }));
}

/** Per-currency sums added together, by currency id. */
export function addSums(parts: ReadonlyArray<readonly CurrencySums[]>): CurrencySums[] {
  const out = new Map<number, CurrencySums>();
  for (const part of parts) {
    for (const s of part) {
      const t = out.get(s.currency_id);
      if (t) {
        t.entry_count += s.entry_count;
        t.amount_in += s.amount_in;
        t.amount_out += s.amount_out;
      } else out.set(s.currency_id, { ...s });
    }
  }
  return [...out.values()].filter((s) => s.entry_count > 0).sort((a, b) => a.currency_id - b.currency_id);
}

const countOf = (sums: readonly CurrencySums[]) => sums.reduce((n, s) => n + s.entry_count, 0);

/** A part of the list's time range and how many entries of the filter it holds; bounds inclusive, open where undefined. */
export interface Stretch {
  from: number | undefined;
  to: number | undefined;
  count: number;
}

/** The sums of one whole UTC day of the filter (its dimensions), per currency, from ledger_day_count. */
async function daySums(db: Kysely<DB>, dialect: Dialect, f: BillFilter, day: number): Promise<CurrencySums[]> {
  const rows = await exactSums(dialect, (sum) => {
    let q = db
      .selectFrom('ledger_day_count')
      .select([
        'ledger_day_count.currency_id',
        int8Text(sql`SUM(ledger_day_count.entry_count)`).as('n'),
        sum(sql.ref('ledger_day_count.amount_in')).as('amount_in'),
        sum(sql.ref('ledger_day_count.amount_out')).as('amount_out'),
      ])
      .where('ledger_day_count.day', '=', day)
      .groupBy('ledger_day_count.currency_id');
    for (const c of dimensionConditions(f, 'ledger_day_count')) q = q.where(c);
    return q.execute();
  });
  return rows.map((r) => ({ currency_id: toNumber(r.currency_id), entry_count: toNumber(r.n), amount_in: moneySumOf(r.amount_in), amount_out: moneySumOf(r.amount_out) }));
}

/** Sums to take away (addSums adds them). */
const negated = (sums: readonly CurrencySums[]): CurrencySums[] => sums.map((s) => ({ ...s, entry_count: -s.entry_count, amount_in: -s.amount_in, amount_out: -s.amount_out }));

/** The stretches of a filter's entries (see ledgerTotals) and their sums per currency. */
export interface LedgerTotals {
  stretches: Stretch[];
  sums: CurrencySums[];
}

/**
 * The filter's time range cut into the stretches that hold its entries, newest first, with the
 * entries' count and money per currency: each whole UTC day with entries from ledger_day_count
 * (its counts: migration 0010; its sums: migration 0018), and the partial days at the range's
 * edges entry by entry (or, for one that covers most of its day, as the day's row less the
 * entries of the rest of it). Counting or summing a currency's, an agent's or a type's entries over a
 * year entry by entry took seconds on a 14-million-entry ledger; and the stretches tell which days
 * a page's entries are on (pageWindow). Null when the filter names a player or an order id: their
 * own keys find their entries, which are then summed directly.
 */
export async function ledgerTotals(db: Kysely<DB>, dialect: Dialect, f: BillFilter): Promise<LedgerTotals | null> {
  if (f.playerAccount || f.orderId) return null;
  const firstDay = f.from === undefined ? undefined : Math.ceil(f.from / DAY_MS);
  // The day after the last one that `to` (inclusive) covers whole.
  const endDay = f.to === undefined ? undefined : Math.floor((f.to + 1) / DAY_MS);
  const edges = async (from: number | undefined, to: number | undefined) => {
    const sums = await sumEntries(db, dialect, { ...f, from, to });
    return { stretch: { from, to, count: countOf(sums) }, sums };
  };
  /**
   * A partial UTC day at an edge, [from, to] within one day: summed entry by entry, or, when it
   * covers most of its day, as the day's row less the rest of the day. A range that ends now
   * (today, the last 24 hours) has nothing after now: its last day costs a look at the day's row.
   */
  const partialDay = async (from: number, to: number) => {
    const { from: dayFrom, to: dayTo } = instantsOfUtcDay(utcDayOf(from));
    if (to - from < DAY_MS / 2) return edges(from, to);
    const [day, before, after] = await Promise.all([
      daySums(db, dialect, f, utcDayOf(from)),
      dayFrom < from ? sumEntries(db, dialect, { ...f, from: dayFrom, to: from - 1 }) : [],
      to < dayTo ? sumEntries(db, dialect, { ...f, from: to + 1, to: dayTo }) : [],
    ]);
    const sums = addSums([day, negated(before), negated(after)]);
    return { stretch: { from, to, count: countOf(sums) }, sums };
  };
  // An edge within a day of 1970 (day 0 is two days wide): one stretch, entry by entry.
  const nearEpoch = (f.from !== undefined && f.from < DAY_MS) || (f.to !== undefined && f.to < DAY_MS);
  if (nearEpoch) {
    const only = await edges(f.from, f.to);
    return { stretches: [only.stretch].filter((s) => s.count > 0), sums: addSums([only.sums]) };
  }
  if (f.from !== undefined && f.to !== undefined && f.from > f.to) return { stretches: [], sums: [] };
  // No whole day in the range: a part of one day, or the end of one and the start of the next.
  if (firstDay !== undefined && endDay !== undefined && firstDay >= endDay) {
    const [fromDay, toDay] = [utcDayOf(f.from!), utcDayOf(f.to!)];
    const parts = await Promise.all(
      fromDay === toDay ? [partialDay(f.from!, f.to!)] : [partialDay(instantsOfUtcDay(toDay).from, f.to!), partialDay(f.from!, instantsOfUtcDay(fromDay).to)],
    );
    return { stretches: parts.map((p) => p.stretch).filter((s) => s.count > 0), sums: addSums(parts.map((p) => p.sums)) };
  }
  // The whole days' rows: counted per day (in the primary key's order, no sort) for the stretches,
  // and summed per currency for the totals; two statements, cheaper than one grouped by both.
  const wholeDays = <O>(q: SelectQueryBuilder<DB, 'ledger_day_count', O>) => {
    if (firstDay !== undefined) q = q.where('ledger_day_count.day', '>=', firstDay);
    if (endDay !== undefined) q = q.where('ledger_day_count.day', '<', endDay);
    for (const c of dimensionConditions(f, 'ledger_day_count')) q = q.where(c);
    return q;
  };
  const perDay = wholeDays(db.selectFrom('ledger_day_count'))
    .select(['ledger_day_count.day', int8Text(sql`SUM(ledger_day_count.entry_count)`).as('n')])
    .groupBy('ledger_day_count.day')
    .orderBy('ledger_day_count.day', 'desc');
  const perCurrency = (sum: SumSql) =>
    wholeDays(db.selectFrom('ledger_day_count'))
      .select([
        'ledger_day_count.currency_id',
        int8Text(sql`SUM(ledger_day_count.entry_count)`).as('n'),
        sum(sql.ref('ledger_day_count.amount_in')).as('amount_in'),
        sum(sql.ref('ledger_day_count.amount_out')).as('amount_out'),
      ])
      .groupBy('ledger_day_count.currency_id')
      .execute();
  const [days, currencies, head, tail] = await Promise.all([
    perDay.execute(),
    exactSums(dialect, perCurrency),
    firstDay !== undefined && f.from! < firstDay * DAY_MS ? partialDay(f.from!, firstDay * DAY_MS - 1) : null,
    endDay !== undefined && endDay * DAY_MS <= f.to! ? partialDay(endDay * DAY_MS, f.to!) : null,
  ]);
  const whole = days.map((d) => ({ ...instantsOfUtcDay(toNumber(d.day)), count: toNumber(d.n) }));
  const wholeSums = currencies.map((c) => ({ currency_id: toNumber(c.currency_id), entry_count: toNumber(c.n), amount_in: moneySumOf(c.amount_in), amount_out: moneySumOf(c.amount_out) }));
  const stretches = [...(tail ? [tail.stretch] : []), ...whole, ...(head ? [head.stretch] : [])];
  return { stretches: stretches.filter((s) => s.count > 0), sums: addSums([wholeSums, tail?.sums ?? [], head?.sums ?? []]) };
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

/**
 * The filter's entries (`q`) with the names they are shown with, newest first; entries of the same
 * instant in reverse order of writing.
 */
function withNames<O>(q: SelectQueryBuilder<DB, 'ledger_entry', O>) {
  return q
    .innerJoin('player as p', 'p.id', 'ledger_entry.player_id')
    .innerJoin('agent as a', 'a.id', 'ledger_entry.agent_id')
    .innerJoin('currency as c', 'c.id', 'ledger_entry.currency_id')
    .leftJoin('operator_user as o', 'o.id', 'ledger_entry.operator_id')
    .select([
      'ledger_entry.id', 'ledger_entry.player_id', 'p.account as player_account', 'ledger_entry.agent_id', 'a.code as agent_code', 'ledger_entry.currency_id',
      'c.code as currency_code', 'ledger_entry.type', 'ledger_entry.order_id', 'ledger_entry.related_bet_id', 'ledger_entry.operator_id',
      'o.account as operator_account', 'ledger_entry.remark', 'ledger_entry.time',
      int8Text(sql.ref('ledger_entry.amount')).as('amount'),
      int8Text(sql.ref('ledger_entry.balance_before')).as('balance_before'),
      int8Text(sql.ref('ledger_entry.balance_after')).as('balance_after'),
    ])
    .orderBy('ledger_entry.time', 'desc')
    .orderBy('ledger_entry.id', 'desc');
}

/** A ledger row as read (either driver: ids and times may come as text), amounts as exact decimal text of units. */
export interface LedgerRowRead {
  id: number;
  player_id: number;
  player_account: string;
  agent_id: number;
  agent_code: string;
  currency_id: number;
  currency_code: string;
  type: string;
  order_id: string;
  related_bet_id: number | null;
  operator_id: number | null;
  operator_account: string | null;
  remark: string;
  time: number;
  amount: string;
  balance_before: string;
  balance_after: string;
}

/** A row of withNames as either driver answers it. */
export function ledgerRowOf(r: Record<string, unknown>): LedgerRowRead {
  return {
    id: toNumber(r.id),
    player_id: toNumber(r.player_id),
    player_account: String(r.player_account ?? ''),
    agent_id: toNumber(r.agent_id),
    agent_code: String(r.agent_code ?? ''),
    currency_id: toNumber(r.currency_id),
    currency_code: String(r.currency_code ?? ''),
    type: String(r.type),
    order_id: String(r.order_id ?? ''),
    related_bet_id: r.related_bet_id === null || r.related_bet_id === undefined ? null : toNumber(r.related_bet_id),
    operator_id: r.operator_id === null || r.operator_id === undefined ? null : toNumber(r.operator_id),
    operator_account: r.operator_account === null || r.operator_account === undefined ? null : String(r.operator_account),
    remark: String(r.remark ?? ''),
    time: toNumber(r.time),
    amount: String(r.amount),
    balance_before: String(r.balance_before),
    balance_after: String(r.balance_after),
  };
}

/** One page of the filter's entries, newest first. */
export async function pageLedger(db: Kysely<DB>, f: BillFilter, offset: number, limit: number): Promise<LedgerRowRead[]> {
  const ids = filtered(db.selectFrom('ledger_entry'), f)
    .select(['ledger_entry.id'])
    .orderBy('ledger_entry.time', 'desc')
    .orderBy('ledger_entry.id', 'desc')
    .limit(limit)
    .offset(offset);
  // Page the narrow ledger rows first, then join the names for that page only.
  const rows = await withNames(db.selectFrom('ledger_entry').where('ledger_entry.id', 'in', ids)).execute();
  return rows.map(ledgerRowOf);
}

/** Every entry of the filter with its names, newest first: the export's statement (rows through ledgerRowOf). */
export const ledgerExportQuery = (db: Kysely<DB>, f: BillFilter) => withNames(filtered(db.selectFrom('ledger_entry'), f));

/** The codes of currencies, by id. */
export async function currencyCodes(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('currency').select(['id', 'code']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [toNumber(r.id), r.code]));
}
