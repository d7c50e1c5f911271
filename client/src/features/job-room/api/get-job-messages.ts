import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageRoutes, type JobMessages } from '@shared/contracts/messages';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/jobs/{jobId}/messages — the homeowner gets every thread, a plumber only his own. */
export async function getJobMessages(
  jobId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<JobMessages> {
  return callApi(messageRoutes.list, { params: { jobId }, signal });
}

export const getJobMessagesQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.messages(jobId),
    queryFn: ({ signal }) => getJobMessages(jobId, { signal }),
  });

type UseJobMessagesOptions = {
  jobId: string;
  queryConfig?: QueryConfig<typeof getJobMessagesQueryOptions>;
};

export const useJobMessages = ({ jobId, queryConfig }: UseJobMessagesOptions) =>
  useQuery({ ...getJobMessagesQueryOptions(jobId), ...queryConfig });
