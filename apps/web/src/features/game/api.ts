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
export const usePoolEdit = () => useGameMutation((b: CallRequest<typeof game.gamePrizePoolEdit>) => call(game.gamePrizePoolEdit, b));
export const usePoolClean = () => useGameMutation((b: CallRequest<typeof game.gamePrizePoolClean>) => call(game.gamePrizePoolClean, b));
