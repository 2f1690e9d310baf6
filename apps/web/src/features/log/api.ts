import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CallRequest, log } from '@console/contract';
import { call } from '../../lib/api';

export type LogListParams = CallRequest<typeof log.logList>;

export function useLogList(params: LogListParams) {
  return useQuery({ queryKey: ['log', 'list', params], queryFn: ({ signal }) => call(log.logList, params, { signal }), placeholderData: keepPreviousData });
}
