import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agent, type CallRequest } from '@console/contract';
import { call } from '../../lib/api';

/**
 * The query of agent management's level picker (features/agent/api.ts) is the same list under the
 * same key: a level added here is offered at once when adding an agent user.
 */
const LEVELS_KEY = ['agent', 'adminlevel'] as const;

export function useLevelList() {
  return useQuery({ queryKey: LEVELS_KEY, queryFn: ({ signal }) => call(agent.agentAdminLevelList, {}, { signal }) });
}

function useLevelMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  // Agent users' lists name their level: they are read again too.
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['agent'] }) });
}

export const useAddLevel = () => useLevelMutation((b: CallRequest<typeof agent.agentAdminLevelAdd>) => call(agent.agentAdminLevelAdd, b));
export const useEditLevel = () => useLevelMutation((b: CallRequest<typeof agent.agentAdminLevelEdit>) => call(agent.agentAdminLevelEdit, b));
