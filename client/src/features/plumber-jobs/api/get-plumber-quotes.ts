import { queryOptions, useQuery } from '@tanstack/react-query';
import { quoteRoutes, type PlumberQuote } from '@shared/contracts/quotes';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/quotes/plumber/{plumberId} — the plumber's own quotes. */
export async function getPlumberQuotes(
  plumberId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PlumberQuote[]> {
  return callApi(quoteRoutes.listForPlumber, { params: { plumberId }, signal });
}

export const getPlumberQuotesQueryOptions = (plumberId: string) =>
  queryOptions({
    queryKey: queryKeys.quotes.ofPlumber(plumberId),
    queryFn: ({ signal }) => getPlumberQuotes(plumberId, { signal }),
  });

type UsePlumberQuotesOptions = {
  plumberId: string;
  queryConfig?: QueryConfig<typeof getPlumberQuotesQueryOptions>;
};

export const usePlumberQuotes = ({ plumberId, queryConfig }: UsePlumberQuotesOptions) =>
  useQuery({ ...getPlumberQuotesQueryOptions(plumberId), ...queryConfig });
