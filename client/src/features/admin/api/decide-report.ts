import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueueRoutes, type AdminReport, type UpdateReportInput } from '@shared/contracts/admin-queues';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

export interface DecideReportVariables {
  reportId: string;
  body: UpdateReportInput;
}

/** PATCH /api/admin/reports/{reportId} — answer or close a report, with an optional refund. */
export async function decideReport({ reportId, body }: DecideReportVariables): Promise<AdminReport> {
  return callApi(adminQueueRoutes.updateReport, { params: { reportId }, body });
}

type UseDecideReportOptions = {
  mutationConfig?: MutationConfig<typeof decideReport>;
};

export const useDecideReport = ({ mutationConfig }: UseDecideReportOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: decideReport,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.reports });
      await onSuccess?.(...args);
    },
  });
};
