import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallRequest, user } from '@console/contract';
import { call } from '../../lib/api';

/** What the screen asks the list for; paging always explicit, sorting by the server (all pages). */
export interface AccountListParams {
  page: number;
  page_size: number;
  keyword?: string;
  status?: user.OperatorUser['status'];
  sort_field?: user.UserSortField;
  sort_order?: 'ascend' | 'descend';
}

const keys = {
  all: ['user'] as const,
  list: (params: AccountListParams) => ['user', 'list', params] as const,
  permissionTree: ['permission', 'list'] as const,
};

export function useAccountList(params: AccountListParams) {
  return useQuery({
    queryKey: keys.list(params),
    queryFn: ({ signal }) => call(user.userList, params, { signal }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function usePermissionTree(enabled: boolean) {
  return useQuery({
    queryKey: keys.permissionTree,
    queryFn: ({ signal }) => call(user.permissionList, {}, { signal }),
    enabled,
    // The tree only changes with a new release.
    staleTime: Infinity,
  });
}

/** A change to accounts refreshes every list page. */
function useAccountMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useAddAccount = () => useAccountMutation((b: CallRequest<typeof user.userAdd>) => call(user.userAdd, b));
export const useEditStatus = () => useAccountMutation((b: CallRequest<typeof user.userStatusEdit>) => call(user.userStatusEdit, b));
export const useResetPassword = () => useAccountMutation((b: CallRequest<typeof user.userPasswordEdit>) => call(user.userPasswordEdit, b));
export const useCleanGoogle = () => useAccountMutation((b: CallRequest<typeof user.userGoogleClean>) => call(user.userGoogleClean, b));
export const useEditPermissions = () => useAccountMutation((b: CallRequest<typeof user.permissionEdit>) => call(user.permissionEdit, b));
