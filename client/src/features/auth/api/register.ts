import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema, type CurrentUser, type RegisterInput } from '@shared/validators/auth';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshSession } from './session-cache';

/** Creates the account; the server logs the new user in (201 CurrentUser). */
export async function register(data: RegisterInput): Promise<CurrentUser> {
  return currentUserSchema.parse(await apiRequest('POST', '/api/auth/register', data));
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
