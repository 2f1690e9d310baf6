import type { CallParsed, log } from '@console/contract';
import type { CallContext } from '../../plugins/calls.ts';
import { listLog } from './repository.ts';

/**
 * Instants of the filter as stored (ISO-8601 UTC with milliseconds), so text comparison is time
 * comparison; an end without milliseconds takes its whole second.
 */
const stored = (iso: string | undefined, end = false) => {
  if (!iso) return undefined;
  const ms = Date.parse(iso) + (end && !/\.\d+/.test(iso) ? 999 : 0);
  return new Date(ms).toISOString();
};

export async function logList(input: CallParsed<typeof log.logList>, ctx: CallContext) {
  return listLog(
    ctx.db,
    {
      operator_account: input.operator_account || undefined,
      actor: input.actor,
      agent_code: input.agent_code || undefined,
      action: input.action || undefined,
      result: input.result,
      start: stored(input.start_time),
      end: stored(input.end_time, true),
    },
    input.page,
    input.page_size,
  );
}
