import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { jobRoutes, type NearbyJobsPage } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/**
 * GET /api/jobs/nearby — one page of the open jobs within the plumber's service area, emergencies
 * first then nearest: the first without a cursor, the next with the previous page's `nextCursor`.
 */
export async function getNearbyJobs({
  cursor,
  signal,
}: { cursor?: string; signal?: AbortSignal } = {}): Promise<NearbyJobsPage> {
  return callApi(jobRoutes.listNearby, { query: { cursor }, signal });
}

/**
 * Pages appended one after the other ("Load more"). Invalidating the key (a live event, a quote,
 * a new service area) refetches every loaded page from the first, each with a fresh cursor.
 */
export const getNearbyJobsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.jobs.nearby,
    queryFn: ({ pageParam, signal }) => getNearbyJobs({ cursor: pageParam ?? undefined, signal }),
    initialPageParam: null as string | null,
    // null on the last page: no next page.
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

type UseNearbyJobsOptions = {
  queryConfig?: QueryConfig<typeof getNearbyJobsQueryOptions>;
};

export const useNearbyJobs = ({ queryConfig }: UseNearbyJobsOptions = {}) =>
  useInfiniteQuery({ ...getNearbyJobsQueryOptions(), ...queryConfig });
