import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRoutes, type CurrentUser, type LoginInput } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshSession } from './session-cache';

export async function login(data: LoginInput): Promise<CurrentUser> {
  return callApi(authRoutes.login, { body: data });
}

type UseLoginOptions = {
  mutationConfig?: MutationConfig<typeof login>;
};

export const useLogin = ({ mutationConfig }: UseLoginOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: login,
    onSuccess: async (...args) => {
      await refreshSession(queryClient, args[0]);
      await onSuccess?.(...args);
    },
  });
};
