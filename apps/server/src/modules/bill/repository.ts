import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { bill } from '@console/contract';
import { int8Text, toNumber } from '../../lib/sql.ts';

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
  /** With a player filter on SQLite: the days of the time range, for its by-day player index (lib/player-days.ts). */
  playerDays?: RawBuilder<unknown> | null | undefined;
}

function filtered<O>(q: SelectQueryBuilder<DB, 'ledger_entry', O>, f: BillFilter) {
  if (f.playerAccount) {
    const account = f.playerAccount;
    q = q.where('ledger_entry.player_id', 'in', (eb) => eb.selectFrom('player').select('player.id').where('player.account', '=', account));
    if (f.playerDays) q = q.where(f.playerDays as RawBuilder<boolean>);
  }
  if (f.agentPath) {
    const prefix = `${f.agentPath}%`;
    q = q.where('ledger_entry.agent_id', 'in', (eb) => eb.selectFrom('agent').select('agent.id').where('agent.path', 'like', prefix));
  }
  if (f.currencyId !== undefined) q = q.where('ledger_entry.currency_id', '=', f.currencyId);
  if (f.type) q = q.where('ledger_entry.type', '=', f.type);
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
        .where('o.order_id', '=', orderId)
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

export async function countLedger(db: Kysely<DB>, f: BillFilter): Promise<number> {
  const r = await filtered(db.selectFrom('ledger_entry'), f)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return toNumber(r?.n);
}

/** Newest first; entries of the same instant in reverse order of writing. */
export async function pageLedger(db: Kysely<DB>, f: BillFilter, page: number, pageSize: number) {
  const ids = filtered(db.selectFrom('ledger_entry'), f)
    .select(['ledger_entry.id'])
    .orderBy('ledger_entry.time', 'desc')
    .orderBy('ledger_entry.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Page the narrow ledger rows first, then join the names for that page only.
  return db
    .selectFrom('ledger_entry as l')
    .innerJoin('player as p', 'p.id', 'l.player_id')
    .innerJoin('agent as a', 'a.id', 'l.agent_id')
    .innerJoin('currency as c', 'c.id', 'l.currency_id')
    .where('l.id', 'in', ids)
    .select([
      'l.id', 'l.player_id', 'p.account as player_account', 'l.agent_id', 'a.code as agent_code', 'l.currency_id',
      'c.code as currency_code', 'l.type', 'l.order_id', 'l.related_bet_id', 'l.operator_id', 'l.remark', 'l.time',
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
