import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRoutes, type PasswordResetConfirmInput } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { syncSession } from './session-cache';

/** POST /api/auth/password-reset/confirm — sets the password and ends every session of the account. */
export async function confirmPasswordReset(data: PasswordResetConfirmInput) {
  return callApi(authRoutes.confirmPasswordReset, { body: data });
}

type UseConfirmPasswordResetOptions = {
  mutationConfig?: MutationConfig<typeof confirmPasswordReset>;
};

export const useConfirmPasswordReset = ({ mutationConfig }: UseConfirmPasswordResetOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: confirmPasswordReset,
    onSuccess: async (...args) => {
      // This browser was logged out if it was logged in as the account (the answer does not say).
      await syncSession(queryClient);
      await onSuccess?.(...args);
    },
  });
};
