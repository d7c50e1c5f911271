import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountRoutes, type DeleteAccountInput } from '@shared/contracts/account';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshSession } from './session-cache';

/** DELETE /api/account — removes the owner's personal data and ends every session, this one too. */
export async function deleteAccount(data: DeleteAccountInput) {
  return callApi(accountRoutes.deleteAccount, { body: data });
}

type UseDeleteAccountOptions = {
  mutationConfig?: MutationConfig<typeof deleteAccount>;
};

export const useDeleteAccount = ({ mutationConfig }: UseDeleteAccountOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: deleteAccount,
    onSuccess: async (...args) => {
      await refreshSession(queryClient, null);
      await onSuccess?.(...args);
    },
  });
};
