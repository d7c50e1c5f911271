import { useMutation } from '@tanstack/react-query';
import { accountRoutes, type ChangePasswordInput } from '@shared/contracts/account';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/account/password — this browser stays logged in, every other session ends. */
export async function changePassword(data: ChangePasswordInput) {
  return callApi(accountRoutes.changePassword, { body: data });
}

type UseChangePasswordOptions = {
  mutationConfig?: MutationConfig<typeof changePassword>;
};

export const useChangePassword = ({ mutationConfig }: UseChangePasswordOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: changePassword });
