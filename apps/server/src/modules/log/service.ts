import { isLocalDateTime, timeBoundMs, type CallParsed, type log } from '@console/contract';
import type { CallContext } from '../../plugins/calls.ts';
import { listLog } from './repository.ts';

/**
 * Instants of the filter as stored (ISO-8601 UTC with milliseconds), so text comparison is time
 * comparison: a wall-clock time read in the request's timezone; an end without milliseconds takes
 * its whole second.
 */
const stored = (bound: string | undefined, timeZoneId: number, end = false) => {
  if (!bound) return undefined;
  const ms = isLocalDateTime(bound) ? timeBoundMs(bound, timeZoneId, end) : Date.parse(bound) + (end && !/\.\d+/.test(bound) ? 999 : 0);
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
      start: stored(input.start_time, input.time_zone_id),
      end: stored(input.end_time, input.time_zone_id, true),
    },
    input.page,
    input.page_size,
  );
}
