import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshSession } from './session-cache';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
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
