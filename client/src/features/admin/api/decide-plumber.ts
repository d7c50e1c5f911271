import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRoutes, type AdminPlumber, type RejectPlumberInput } from '@shared/contracts/admin';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** An admin's decision on a plumber: verify it, or reject it with a reason (mailed to the plumber). */
export type PlumberDecision =
  { plumberId: string; verified: true } | ({ plumberId: string; verified: false } & RejectPlumberInput);

/** POST /api/admin/plumbers/{plumberId}/verify or /reject. */
export async function decidePlumber(decision: PlumberDecision): Promise<AdminPlumber> {
  const params = { plumberId: decision.plumberId };
  return decision.verified
    ? callApi(adminRoutes.verifyPlumber, { params })
    : callApi(adminRoutes.rejectPlumber, { params, body: { reason: decision.reason } });
}

type UseDecidePlumberOptions = {
  mutationConfig?: MutationConfig<typeof decidePlumber>;
};

export const useDecidePlumber = ({ mutationConfig }: UseDecidePlumberOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: decidePlumber,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.plumbers });
      // Each decision is in the audit log.
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit });
      await onSuccess?.(...args);
    },
  });
};
