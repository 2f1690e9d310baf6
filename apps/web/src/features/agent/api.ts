import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { agent, type CallRequest } from '@console/contract';
import { call } from '../../lib/api';
import { loadDictionaries } from '../../stores/dict';

export type AgentListParams = CallRequest<typeof agent.agentList>;
export type AgentUserListParams = CallRequest<typeof agent.agentUserList>;

const keys = {
  all: ['agent'] as const,
  list: (p: AgentListParams) => ['agent', 'list', p] as const,
  children: (id: number) => ['agent', 'children', id] as const,
  users: (p: AgentUserListParams) => ['agent', 'user', p] as const,
  levels: ['agent', 'adminlevel'] as const,
};

export function useAgentList(params: AgentListParams) {
  return useQuery({ queryKey: keys.list(params), queryFn: ({ signal }) => call(agent.agentList, params, { signal }), placeholderData: keepPreviousData });
}

/** The direct sub-agents of each expanded row (every one: a level rarely holds hundreds). */
export function useAgentChildren(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: keys.children(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(agent.agentList, { parent_id: id, page: 1, page_size: 500 }, { signal }),
    })),
  });
}

export function useAgentUsers(params: AgentUserListParams, enabled: boolean) {
  return useQuery({ queryKey: keys.users(params), queryFn: ({ signal }) => call(agent.agentUserList, params, { signal }), enabled, placeholderData: keepPreviousData });
}

export function useAdminLevels(enabled: boolean) {
  return useQuery({ queryKey: keys.levels, queryFn: ({ signal }) => call(agent.agentAdminLevelList, {}, { signal }), enabled, staleTime: 5 * 60_000 });
}

/** A change refreshes every agent list and, for the tree itself, the pickers' agent dictionary. */
function useAgentMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>, dictionary = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: keys.all });
      if (dictionary) await loadDictionaries();
    },
  });
}

export const useAddAgent = () => useAgentMutation((b: CallRequest<typeof agent.agentAdd>) => call(agent.agentAdd, b), true);
export const useEditAgent = () => useAgentMutation((b: CallRequest<typeof agent.agentEdit>) => call(agent.agentEdit, b), true);
export const useAddAgentUser = () => useAgentMutation((b: CallRequest<typeof agent.agentUserAdd>) => call(agent.agentUserAdd, b));
export const useEditAgentUserStatus = () => useAgentMutation((b: CallRequest<typeof agent.agentUserStatusEdit>) => call(agent.agentUserStatusEdit, b));
export const useResetAgentUserPassword = () => useAgentMutation((b: CallRequest<typeof agent.agentUserPasswordEdit>) => call(agent.agentUserPasswordEdit, b));
export const useCleanAgentUserGoogle = () => useAgentMutation((b: CallRequest<typeof agent.agentUserGoogleClean>) => call(agent.agentUserGoogleClean, b));
