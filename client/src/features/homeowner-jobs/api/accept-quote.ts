import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type AcceptQuoteResult } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

export interface AcceptQuoteVariables {
  jobId: string;
  quoteId: string;
}

/** POST /api/jobs/{jobId}/accept-quote — assigns the quote's plumber and schedules the job. */
export async function acceptQuote({ jobId, quoteId }: AcceptQuoteVariables): Promise<AcceptQuoteResult> {
  return callApi(jobRoutes.acceptQuote, { params: { jobId }, body: { quoteId } });
}

type UseAcceptQuoteOptions = {
  mutationConfig?: MutationConfig<typeof acceptQuote>;
};

export const useAcceptQuote = ({ mutationConfig }: UseAcceptQuoteOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: acceptQuote,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.mine }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quotes.ofJob(args[1].jobId) }),
      ]);
      await onSuccess?.(...args);
    },
  });
};
