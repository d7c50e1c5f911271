import { useMutation } from '@tanstack/react-query';
import { authRoutes, type PasswordResetInput } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/auth/password-reset — 202 `{ ok: true }` whether or not an account has this e-mail. */
export async function requestPasswordReset(data: PasswordResetInput) {
  return callApi(authRoutes.requestPasswordReset, { body: data });
}

type UseRequestPasswordResetOptions = {
  mutationConfig?: MutationConfig<typeof requestPasswordReset>;
};

export const useRequestPasswordReset = ({ mutationConfig }: UseRequestPasswordResetOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
