import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/auth/verify-email/resend — mails the logged-in account a new verification link. */
export async function resendVerification() {
  return callApi(authRoutes.resendVerification);
}

type UseResendVerificationOptions = {
  mutationConfig?: MutationConfig<typeof resendVerification>;
};

export const useResendVerification = ({ mutationConfig }: UseResendVerificationOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: resendVerification });
