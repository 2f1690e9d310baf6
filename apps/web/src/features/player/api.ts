import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallRequest, player } from '@console/contract';
import { call } from '../../lib/api';

const keys = {
  all: ['player'] as const,
  list: (params: object) => ['player', 'list', params] as const,
  detail: (id: number) => ['player', 'detail', id] as const,
  wallets: (params: object) => ['player', 'wallets', params] as const,
  adjustments: (params: object) => ['player', 'adjustments', params] as const,
  controls: (params: object) => ['player', 'controls', params] as const,
  find: (account: string) => ['player', 'find', account] as const,
};

export function usePlayerList(params: CallRequest<typeof player.playerList>) {
  return useQuery({ queryKey: keys.list(params), queryFn: ({ signal }) => call(player.playerList, params, { signal }), placeholderData: keepPreviousData });
}

export function usePlayerDetail(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => call(player.playerDetail, { player_id: id! }, { signal }),
    enabled: !!id,
  });
}

export function useWalletList(params: CallRequest<typeof player.playerWalletList>, enabled = true) {
  return useQuery({ queryKey: keys.wallets(params), queryFn: ({ signal }) => call(player.playerWalletList, params, { signal }), placeholderData: keepPreviousData, enabled });
}

export function useAdjustments(params: CallRequest<typeof player.playerWalletAdjustments>) {
  return useQuery({ queryKey: keys.adjustments(params), queryFn: ({ signal }) => call(player.playerWalletAdjustments, params, { signal }), placeholderData: keepPreviousData });
}

/** While a control on screen is active its progress moves with the ingest, so the page refreshes itself now and then. */
export function useControlList(params: CallRequest<typeof player.playerControlList>) {
  return useQuery({
    queryKey: keys.controls(params),
    queryFn: ({ signal }) => call(player.playerControlList, params, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((c) => c.status === 'active') ? 15_000 : false),
  });
}

export function usePlayerFind(account: string) {
  return useQuery({
    queryKey: keys.find(account),
    queryFn: ({ signal }) => call(player.playerFind, { account }, { signal }),
    enabled: account.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every change to players, wallets or controls refreshes what the player screens show (an open
 * player drawer's balances and control among them) and the account-change ledger's rows.
 */
function usePlayerMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: keys.all }), qc.invalidateQueries({ queryKey: ['bill'] })]),
  });
}

export const useStatusEdit = () => usePlayerMutation((b: CallRequest<typeof player.playerStatusEdit>) => call(player.playerStatusEdit, b));
export const useWalletAdjust = () => usePlayerMutation((b: CallRequest<typeof player.playerWalletAdjust>) => call(player.playerWalletAdjust, b));
export const useControlAdd = () => usePlayerMutation((b: CallRequest<typeof player.playerControlAdd>) => call(player.playerControlAdd, b));
export const useControlCancel = () => usePlayerMutation((b: CallRequest<typeof player.playerControlCancel>) => call(player.playerControlCancel, b));
