import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallRequest, game } from '@console/contract';
import { call } from '../../lib/api';

const all = ['game-config'] as const;

export function useDealerList(params: CallRequest<typeof game.gameDealerList>) {
  return useQuery({ queryKey: [...all, 'dealer', params], queryFn: ({ signal }) => call(game.gameDealerList, params, { signal }), placeholderData: keepPreviousData });
}

export function useAgentConfigList(params: CallRequest<typeof game.gameAgentList> | null) {
  return useQuery({
    queryKey: [...all, 'agent', params],
    queryFn: ({ signal }) => call(game.gameAgentList, params!, { signal }),
    enabled: !!params,
    placeholderData: keepPreviousData,
  });
}

export function usePoolList(params: CallRequest<typeof game.gamePrizePoolList>) {
  return useQuery({ queryKey: [...all, 'pools', params], queryFn: ({ signal }) => call(game.gamePrizePoolList, params, { signal }), placeholderData: keepPreviousData });
}

/** The pool of one agent and game, if it has one (`null`: nothing asked yet); never a previous pair's. */
/** Asks every "pool of this agent and game" look-up again (a create refused as a duplicate found one made meanwhile). */
export function useRefreshPoolOf() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...all, 'pool-of'] });
}

export function usePoolOf(pair: { agent_id: number; game_id: number } | null) {
  return useQuery({
    queryKey: [...all, 'pool-of', pair],
    queryFn: async ({ signal }) => {
      const r = await call(game.gamePrizePoolList, { ...pair!, page: 1, page_size: 1 }, { signal });
      return r.list.find((p) => p.agent_id === pair!.agent_id && p.game_id === pair!.game_id) ?? null;
    },
    enabled: !!pair,
  });
}

export function useCleanList(params: CallRequest<typeof game.gamePrizePoolCleanList>) {
  return useQuery({ queryKey: [...all, 'cleans', params], queryFn: ({ signal }) => call(game.gamePrizePoolCleanList, params, { signal }), placeholderData: keepPreviousData });
}

/** Every change refreshes every game-config screen: an agent's config shows the dealer's and its ancestors'. */
function useGameMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: all }) });
}

export const useDealerEdit = () => useGameMutation((b: CallRequest<typeof game.gameDealerEdit>) => call(game.gameDealerEdit, b));
export const useDealerEnable = () => useGameMutation((b: CallRequest<typeof game.gameDealerEnable>) => call(game.gameDealerEnable, b));
export const useAgentConfigEdit = () => useGameMutation((b: CallRequest<typeof game.gameAgentEdit>) => call(game.gameAgentEdit, b));
export const useProtectEdit = () => useGameMutation((b: CallRequest<typeof game.gameProtectEdit>) => call(game.gameProtectEdit, b));
/** Creates a pool and never replaces one: an agent and game that have a pool already are refused (A0409). */
export const usePoolCreate = () => useGameMutation((b: Omit<CallRequest<typeof game.gamePrizePoolEdit>, 'create_only'>) => call(game.gamePrizePoolEdit, { ...b, create_only: true }));
export const usePoolEdit = () => useGameMutation((b: CallRequest<typeof game.gamePrizePoolEdit>) => call(game.gamePrizePoolEdit, b));
export const usePoolClean = () => useGameMutation((b: CallRequest<typeof game.gamePrizePoolClean>) => call(game.gamePrizePoolClean, b));
