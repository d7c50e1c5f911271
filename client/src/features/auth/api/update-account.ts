import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountRoutes, type UpdateAccountInput } from '@shared/contracts/account';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** PATCH /api/account — name and phone change at once; a new e-mail waits for its mailed link. */
export async function updateAccount(data: UpdateAccountInput) {
  return callApi(accountRoutes.updateAccount, { body: data });
}

type UseUpdateAccountOptions = {
  mutationConfig?: MutationConfig<typeof updateAccount>;
};

export const useUpdateAccount = ({ mutationConfig }: UseUpdateAccountOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateAccount,
    onSuccess: async (...args) => {
      queryClient.setQueryData(queryKeys.auth.account, args[0]);
      // The session's user carries the name and phone too (the profile step reads them there).
      await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
      await onSuccess?.(...args);
    },
  });
};
