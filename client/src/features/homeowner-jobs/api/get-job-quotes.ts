import { queryOptions, useQuery } from '@tanstack/react-query';
import { quoteRoutes, type JobQuote } from '@shared/contracts/quotes';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/quotes/job/{jobId} — the quotes of one of the customer's jobs, each with its plumber's rating. */
export async function getJobQuotes(
  jobId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<JobQuote[]> {
  return callApi(quoteRoutes.listForJob, { params: { jobId }, signal });
}

export const getJobQuotesQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.quotes.ofJob(jobId),
    queryFn: ({ signal }) => getJobQuotes(jobId, { signal }),
  });

type UseJobQuotesOptions = {
  jobId: string;
  queryConfig?: QueryConfig<typeof getJobQuotesQueryOptions>;
};

export const useJobQuotes = ({ jobId, queryConfig }: UseJobQuotesOptions) =>
  useQuery({ ...getJobQuotesQueryOptions(jobId), ...queryConfig });
