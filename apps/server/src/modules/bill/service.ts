import type { Kysely } from 'kysely';
import { bill, formatMoney, localDateTimeText, timeBoundMs, timezoneOffsetMinutes, type CallParsed, type Lang } from '@console/contract';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { playerDaysCondition } from '../../db/player-days.ts';
import { timeSpan } from '../../db/sql.ts';
import { agentPath } from '../agent/public.ts';
import {
  addSums,
  currencyCodes,
  ledgerExportQuery,
  ledgerRowOf,
  ledgerTotals,
  pageLedger,
  pageWindow,
  sumEntries,
  type BillFilter,
  type CurrencySums,
  type LedgerRowRead,
} from './repository.ts';

type BillListInput = CallParsed<typeof bill.billList>;
type BillFilterInput = bill.BillFilter;

/**
 * An entry's source and order id as shown: a transfer of the agent API is stored under
 * "api:<agent id>:<the agent's order id>" (agent-api/service.ts, apiOrderId), shown as the agent's
 * own order id.
 */
function orderOf(type: string, orderId: string): { order_id: string; source: bill.LedgerSource } {
  if (type === 'manual_credit' || type === 'manual_debit') return { order_id: orderId, source: 'manual' };
  const api = /^api:\d+:(.+)$/.exec(orderId);
  return api ? { order_id: api[1]!, source: 'api' } : { order_id: orderId, source: 'ingest' };
}

/** The request's filters as the repository reads them: time bounds as instants (wall-clock ones in the request's timezone). */
async function resolveFilter(db: Kysely<DB>, dialect: Dialect, input: BillFilterInput): Promise<BillFilter> {
  const filter: BillFilter = {
    playerAccount: input.player_account || undefined,
    currencyId: input.currency_id > 0 ? input.currency_id : undefined,
    type: input.type || undefined,
    from: input.start_time ? timeBoundMs(input.start_time, input.time_zone_id, false) : undefined,
    to: input.end_time ? timeBoundMs(input.end_time, input.time_zone_id, true) : undefined,
    orderId: input.order_id || undefined,
  };
  if (filter.playerAccount && dialect === 'sqlite') {
    // The days to name: the asked range within the days the ledger has entries on. An open range
    // or one of centuries would otherwise name every day of it in the statement.
    const span = await timeSpan(db, 'ledger_entry', 'time');
    const from = Math.max(filter.from ?? -Infinity, span?.min ?? 0);
    const to = Math.min(filter.to ?? Infinity, span?.max ?? -1);
    filter.playerDays = playerDaysCondition(dialect, 'ledger_entry.time', from, to + 1);
  }
  if (input.agent_id > 0) {
    // An unknown agent has no sub-tree: a path no agent has matches nothing.
    filter.agentPath = (await agentPath(db, input.agent_id)) ?? '/none/';
  }
  return filter;
}

/** A ledger row as the list answers it: money as 4-decimal strings, the time as ISO UTC. */
function itemOf(r: LedgerRowRead): bill.BillItem {
  return {
    id: r.id,
    player_id: r.player_id,
    player_account: r.player_account,
    agent_id: r.agent_id,
    agent_code: r.agent_code,
    currency_id: r.currency_id,
    currency_code: r.currency_code,
    type: r.type as bill.LedgerType,
    amount: formatMoney(r.amount),
    balance_before: formatMoney(r.balance_before),
    balance_after: formatMoney(r.balance_after),
    ...orderOf(r.type, r.order_id),
    bet_id: r.related_bet_id === null ? null : r.order_id,
    operator_id: r.operator_id,
    operator_account: r.operator_account,
    remark: r.remark,
    time: new Date(r.time).toISOString(),
  };
}

/** Per-currency sums as the answer's `summary`. */
async function summaryOf(db: Kysely<DB>, sums: readonly CurrencySums[]): Promise<bill.BillSummary[]> {
  const codes = await currencyCodes(db, sums.map((s) => s.currency_id));
  return sums.map((s) => ({
    currency_id: s.currency_id,
    currency_code: codes.get(s.currency_id) ?? '',
    entry_count: s.entry_count,
    amount_in: formatMoney(s.amount_in),
    amount_out: formatMoney(s.amount_out),
    amount_net: formatMoney(s.amount_in + s.amount_out),
  }));
}

const countOf = (sums: readonly CurrencySums[]) => sums.reduce((n, s) => n + s.entry_count, 0);

/**
 * The account-change ledger for the bill screen: one page, the number of entries, and their totals
 * per currency. Without a player or order id the count and the sums come from the per-day counts
 * and sums, which also narrow the page's statement to the days its entries are on: a rare filter
 * no longer reads the whole ledger newest first to fill a page, and a filter with no entry reads
 * none. With one, its own key finds the entries, summed directly beside the page.
 */
export async function billList(db: Kysely<DB>, dialect: Dialect, input: BillListInput) {
  const filter = await resolveFilter(db, dialect, input);
  const offset = (input.page - 1) * input.page_size;
  const totals = await ledgerTotals(db, dialect, filter);
  let sums: CurrencySums[];
  let rows: LedgerRowRead[] = [];
  if (!totals) {
    const [direct, page] = await Promise.all([sumEntries(db, dialect, filter), pageLedger(db, filter, offset, input.page_size)]);
    [sums, rows] = [addSums([direct]), page];
  } else {
    sums = totals.sums;
    const window = pageWindow(totals.stretches, offset, input.page_size);
    if (window) rows = await pageLedger(db, { ...filter, from: window.from, to: window.to }, window.skip, input.page_size);
  }
  return { total: countOf(sums), list: rows.map(itemOf), summary: await summaryOf(db, sums) };
}

/** The columns of the sheet, in order (the contract's BILL_EXPORT_COLUMNS). */
export const billSheetFields = bill.BILL_EXPORT_COLUMNS.map((c) => c.key);

/**
 * What the ledger's export needs: every entry of the filter (its statement, narrowed to the days
 * that hold them), a formatter of its rows for the sheet (the list's row with the time local to the
 * request's timezone, types and sources named in the sheet's language) and the per-currency totals.
 */
export async function billExportSource(db: Kysely<DB>, dialect: Dialect, input: BillFilterInput, lang: Lang) {
  const filter = await resolveFilter(db, dialect, input);
  const totals = await ledgerTotals(db, dialect, filter);
  const sums = totals ? totals.sums : addSums([await sumEntries(db, dialect, filter)]);
  const total = countOf(sums);
  // The statement reads only the days that hold the entries.
  const window = totals ? pageWindow(totals.stretches, 0, total) : null;
  const offsetMinutes = timezoneOffsetMinutes(input.time_zone_id);
  const format = (raw: Record<string, unknown>): Record<string, unknown> => {
    const item = itemOf(ledgerRowOf(raw));
    return {
      ...item,
      time: localDateTimeText(Date.parse(item.time), offsetMinutes),
      type: bill.LEDGER_TYPE_TITLES[item.type]?.[lang] ?? item.type,
      source: bill.LEDGER_SOURCE_TITLES[item.source][lang],
    };
  };
  return {
    query: total === 0 ? null : ledgerExportQuery(db, window ? { ...filter, from: window.from, to: window.to } : filter),
    format,
    summary: await summaryOf(db, sums),
    rowCount: total,
  };
}
