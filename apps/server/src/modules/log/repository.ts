import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';

export interface LogFilter {
  operator_account?: string | undefined;
  actor?: 'operator' | 'agent' | undefined;
  agent_code?: string | undefined;
  action?: string | undefined;
  result?: 'success' | 'failure' | undefined;
  /** ISO-8601 UTC instants, both included. */
  start?: string | undefined;
  end?: string | undefined;
}

/** The operation log, newest first (by id: rows are written in time order). */
export async function listLog(db: Kysely<DB>, f: LogFilter, page: number, pageSize: number) {
  let q = db.selectFrom('operation_log');
  if (f.operator_account) q = q.where((eb) => eb(eb.fn('lower', ['operator_account']), '=', f.operator_account!.toLowerCase()));
  if (f.actor === 'operator') q = q.where('agent_code', '=', '');
  if (f.actor === 'agent') q = q.where('agent_code', '<>', '');
  if (f.agent_code) q = q.where((eb) => eb(eb.fn('lower', ['agent_code']), '=', f.agent_code!.toLowerCase()));
  if (f.action) q = q.where('action', '=', f.action);
  if (f.result === 'success') q = q.where('result_code', '=', '0');
  if (f.result === 'failure') q = q.where('result_code', '<>', '0');
  if (f.start) q = q.where('created_at', '>=', f.start);
  if (f.end) q = q.where('created_at', '<=', f.end);
  const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await q
    .select(['id', 'operator_id', 'operator_account', 'action', 'target', 'summary', 'ip', 'result_code', 'created_at', 'agent_code'])
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: toNumber(total?.n),
    list: rows.map((r) => ({ ...r, id: toNumber(r.id), operator_id: r.operator_id === null ? null : toNumber(r.operator_id) })),
  };
}
