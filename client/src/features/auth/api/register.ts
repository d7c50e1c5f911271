import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRoutes, type CurrentUser, type RegisterInput } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshSession } from './session-cache';

/** Creates the account; the server logs the new user in (201 CurrentUser). */
export async function register(data: RegisterInput): Promise<CurrentUser> {
  return callApi(authRoutes.register, { body: data });
}

type UseRegisterOptions = {
  mutationConfig?: MutationConfig<typeof register>;
};

export const useRegister = ({ mutationConfig }: UseRegisterOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: register,
    onSuccess: async (...args) => {
      await refreshSession(queryClient, args[0]);
      await onSuccess?.(...args);
    },
  });
};
