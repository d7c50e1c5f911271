import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobRoutes, type AcceptQuoteResult } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

export interface AcceptQuoteVariables {
  jobId: string;
  quoteId: string;
}

/**
 * POST /api/jobs/{jobId}/accept-quote from the job room — assigns the quote's plumber and schedules
 * the job. My Jobs has its own call to the same route (one file per endpoint per feature).
 */
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
      const { jobId } = args[1];
      // `mine` is the prefix of every room and its messages: the room, its threads (contact details
      // are no longer masked) and My Jobs all refresh.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.mine }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quotes.ofJob(jobId) }),
      ]);
      await onSuccess?.(...args);
    },
  });
};
