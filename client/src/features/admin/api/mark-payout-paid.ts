import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminPayoutRoutes,
  type AdminPayout,
  type MarkPayoutPaidInput,
} from '@shared/contracts/admin-payouts';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/admin/payouts/{payoutId}/paid — records the transfer's reference; 409 once already paid. */
export async function markPayoutPaid({
  payoutId,
  ...body
}: { payoutId: string } & MarkPayoutPaidInput): Promise<AdminPayout> {
  return callApi(adminPayoutRoutes.markPaid, { params: { payoutId }, body });
}

type UseMarkPayoutPaidOptions = {
  mutationConfig?: MutationConfig<typeof markPayoutPaid>;
};

export const useMarkPayoutPaid = ({ mutationConfig }: UseMarkPayoutPaidOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: markPayoutPaid,
    // Every page and total of the ledger may show it; the audit log gained a row.
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.payouts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit }),
      ]);
      await onSuccess?.(...args);
    },
    // Another admin may have paid it meanwhile (409): the ledger refreshes either way.
    onError: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.payouts });
      await onError?.(...args);
    },
  });
};
