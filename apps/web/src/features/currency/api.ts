import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallRequest, currency } from '@console/contract';
import { call } from '../../lib/api';
import { loadDictionaries } from '../../stores/dict';

export type CurrencyListParams = CallRequest<typeof currency.currencyList>;

export function useCurrencyList(params: CurrencyListParams) {
  return useQuery({ queryKey: ['currency', 'list', params], queryFn: ({ signal }) => call(currency.currencyList, params, { signal }), placeholderData: keepPreviousData });
}

/** A change refreshes the list and the currency dictionary every picker and report reads. */
function useCurrencyMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['currency'] });
      await loadDictionaries();
    },
  });
}

export const useAddCurrency = () => useCurrencyMutation((b: CallRequest<typeof currency.currencyAdd>) => call(currency.currencyAdd, b));
export const useEditCurrency = () => useCurrencyMutation((b: CallRequest<typeof currency.currencyEdit>) => call(currency.currencyEdit, b));
