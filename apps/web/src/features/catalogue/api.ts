import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallRequest, game, platform } from '@console/contract';
import { call } from '../../lib/api';
import { loadDictionaries } from '../../stores/dict';

/**
 * The catalogue reads the session dictionaries' own calls (platform/list, game/list): they answer
 * every provider and game, disabled ones included, so the screen filters, sorts and pages them
 * itself. The provider list shares its query with the pickers' (components/dict-select).
 */
export const PLATFORM_LIST_KEY = ['platform', 'list'] as const;
export const GAME_LIST_KEY = ['catalogue', 'games'] as const;

export function usePlatformList() {
  return useQuery({ queryKey: PLATFORM_LIST_KEY, queryFn: ({ signal }) => call(platform.platformList, {}, { signal }) });
}

export function useGameList() {
  return useQuery({ queryKey: GAME_LIST_KEY, queryFn: ({ signal }) => call(game.gameList, {}, { signal }) });
}

/**
 * After a change, everything that lists providers or games reads them again: this screen, the
 * provider pickers, the house default config (a new game starts there) and the session's game
 * dictionary behind every game picker and report filter, so a new game shows without a reload.
 */
export async function refreshCatalogue(qc: QueryClient): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: ['platform'] }),
    qc.invalidateQueries({ queryKey: ['catalogue'] }),
    qc.invalidateQueries({ queryKey: ['game-config'] }),
    loadDictionaries(),
  ]);
}

function useCatalogueMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshCatalogue(qc) });
}

export const useAddPlatform = () => useCatalogueMutation((b: CallRequest<typeof platform.platformAdd>) => call(platform.platformAdd, b));
export const useEditPlatform = () => useCatalogueMutation((b: CallRequest<typeof platform.platformEdit>) => call(platform.platformEdit, b));
export const useAddGame = () => useCatalogueMutation((b: CallRequest<typeof platform.gameAdd>) => call(platform.gameAdd, b));
export const useEditGame = () => useCatalogueMutation((b: CallRequest<typeof platform.gameEdit>) => call(platform.gameEdit, b));
