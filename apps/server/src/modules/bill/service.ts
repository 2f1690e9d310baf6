import type { Kysely } from 'kysely';
import { formatMoney, type bill, type CallParsed } from '@console/contract';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { playerDaysCondition } from '../../lib/player-days.ts';
import { timeSpan } from '../../lib/sql.ts';
import { agentPath } from '../agent/repository.ts';
import { countLedger, pageLedger, type BillFilter } from './repository.ts';

type BillListInput = CallParsed<typeof bill.billList>;

/** The account-change ledger for the bill screen: money as 4-decimal strings, times as ISO UTC. */
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
    // A range to name the days of: the asked one, or as far as the ledger reaches.
    const span = filter.from === undefined || filter.to === undefined ? await timeSpan(db, 'ledger_entry', 'time') : null;
    const from = filter.from ?? span?.min ?? 0;
    const to = filter.to ?? span?.max ?? 0;
    filter.playerDays = playerDaysCondition(dialect, 'ledger_entry.time', from, to + 1);
  }
  if (input.agent_id > 0) {
    // An unknown agent has no sub-tree: a path no agent has matches nothing.
    filter.agentPath = (await agentPath(db, input.agent_id)) ?? '/none/';
  }
  const [total, rows] = await Promise.all([countLedger(db, filter), pageLedger(db, filter, input.page, input.page_size)]);
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
      order_id: r.order_id,
      bet_id: r.related_bet_id === null ? null : r.order_id,
      operator_id: r.operator_id,
      remark: r.remark,
      time: new Date(r.time).toISOString(),
    })),
  };
}
