import type { Kysely } from 'kysely';
import { formatMoney, type bill, type CallParsed } from '@console/contract';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { playerDaysCondition } from '../../db/player-days.ts';
import { timeSpan } from '../../db/sql.ts';
import { agentPath } from '../agent/public.ts';
import { countEntries, ledgerStretches, pageLedger, pageWindow, type BillFilter } from './repository.ts';

type BillListInput = CallParsed<typeof bill.billList>;

/** The account-change ledger for the bill screen: money as 4-decimal strings, times as ISO UTC. */
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

export async function billList(db: Kysely<DB>, dialect: Dialect, input: BillListInput) {
  const filter: BillFilter = {
    playerAccount: input.player_account || undefined,
    currencyId: input.currency_id > 0 ? input.currency_id : undefined,
    type: input.type || undefined,
    from: input.start_time ? Date.parse(input.start_time) : undefined,
    to: input.end_time ? Date.parse(input.end_time) : undefined,
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
  const { total, rows } = await totalAndPage(db, filter, (input.page - 1) * input.page_size, input.page_size);
  return {
    total,
    list: rows.map((r) => ({
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
      operator_account: r.operator_account ?? null,
      remark: r.remark,
      time: new Date(r.time).toISOString(),
    })),
  };
}

/**
 * The number of entries the filter matches and the page's rows. Without a player or order id the
 * total comes from the per-day counts, which also narrow the page's statement to the days its
 * entries are on: a rare filter no longer reads the whole ledger newest first to fill a page, and
 * a filter with no entry reads none.
 */
async function totalAndPage(db: Kysely<DB>, filter: BillFilter, offset: number, limit: number) {
  const stretches = await ledgerStretches(db, filter);
  if (!stretches) {
    const [total, rows] = await Promise.all([countEntries(db, filter), pageLedger(db, filter, offset, limit)]);
    return { total, rows };
  }
  const total = stretches.reduce((n, s) => n + s.count, 0);
  const window = pageWindow(stretches, offset, limit);
  const rows = window ? await pageLedger(db, { ...filter, from: window.from, to: window.to }, window.skip, limit) : [];
  return { total, rows };
}
