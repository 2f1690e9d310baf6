import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallRequest, domain, key } from '@console/contract';
import { call } from '../../lib/api';

export type DomainListParams = CallRequest<typeof domain.domainList>;
export type KeyListParams = CallRequest<typeof key.keyList>;

export function useDomainList(params: DomainListParams) {
  return useQuery({ queryKey: ['domain', 'list', params], queryFn: ({ signal }) => call(domain.domainList, params, { signal }), placeholderData: keepPreviousData });
}

export function useKeyList(params: KeyListParams) {
  return useQuery({ queryKey: ['key', 'list', params], queryFn: ({ signal }) => call(key.keyList, params, { signal }), placeholderData: keepPreviousData });
}

function useRefreshing<TBody, TResult>(root: string, fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: [root] }) });
}

export const useAddDomain = () => useRefreshing('domain', (b: CallRequest<typeof domain.domainAdd>) => call(domain.domainAdd, b));
export const useEditDomain = () => useRefreshing('domain', (b: CallRequest<typeof domain.domainEdit>) => call(domain.domainEdit, b));
export const useAddKey = () => useRefreshing('key', (b: CallRequest<typeof key.keyAdd>) => call(key.keyAdd, b));
export const useRotateKey = () => useRefreshing('key', (b: CallRequest<typeof key.keyRotate>) => call(key.keyRotate, b));
export const useEditKeyStatus = () => useRefreshing('key', (b: CallRequest<typeof key.keyStatusEdit>) => call(key.keyStatusEdit, b));
