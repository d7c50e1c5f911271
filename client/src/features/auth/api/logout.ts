import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRoutes } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshSession } from './session-cache';

/** POST /api/auth/logout — ends the session; answers `{ ok: true }`. */
export async function logout() {
  return callApi(authRoutes.logout);
}

type UseLogoutOptions = {
  mutationConfig?: MutationConfig<typeof logout>;
};

export const useLogout = ({ mutationConfig }: UseLogoutOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: logout,
    onSuccess: async (...args) => {
      await refreshSession(queryClient, null);
      await onSuccess?.(...args);
    },
  });
};
