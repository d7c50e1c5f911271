import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteRoutes, type CreateQuoteInput, type Quote } from '@shared/contracts/quotes';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/quotes — the logged-in plumber's price range for a job. */
export async function createQuote(input: CreateQuoteInput): Promise<Quote> {
  return callApi(quoteRoutes.create, { body: input });
}

type UseCreateQuoteOptions = {
  mutationConfig?: MutationConfig<typeof createQuote>;
};

export const useCreateQuote = ({ mutationConfig }: UseCreateQuoteOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: createQuote,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.nearby }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quotes.ofPlumber(args[0].plumberId) }),
      ]);
      await onSuccess?.(...args);
    },
  });
};
