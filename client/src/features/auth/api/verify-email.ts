import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRoutes, type CurrentUser, type VerifyEmailInput } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';
import { refreshSession } from './session-cache';

/** POST /api/auth/verify-email — uses a mailed link's token; answers the account it was mailed for. */
export async function verifyEmail(data: VerifyEmailInput): Promise<CurrentUser> {
  return callApi(authRoutes.verifyEmail, { body: data });
}

type UseVerifyEmailOptions = {
  mutationConfig?: MutationConfig<typeof verifyEmail>;
};

export const useVerifyEmail = ({ mutationConfig }: UseVerifyEmailOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: verifyEmail,
    onSuccess: async (...args) => {
      // The link may be opened logged out or as someone else: only the account it verified changes,
      // and its guest bookings have just joined it.
      const current = queryClient.getQueryData<CurrentUser | null>(queryKeys.auth.user);
      if (current?.id === args[0].id) await refreshSession(queryClient, args[0]);
      await onSuccess?.(...args);
    },
  });
};
