import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobRoutes, type JobRoom } from '@shared/contracts/jobs';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/jobs/{jobId} — the job room, as much of it as the viewer may see (404 for anyone else). */
export async function getJobRoom(jobId: string, { signal }: { signal?: AbortSignal } = {}): Promise<JobRoom> {
  return callApi(jobRoutes.getRoom, { params: { jobId }, signal });
}

export const getJobRoomQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.room(jobId),
    queryFn: ({ signal }) => getJobRoom(jobId, { signal }),
  });

type UseJobRoomOptions = {
  jobId: string;
  queryConfig?: QueryConfig<typeof getJobRoomQueryOptions>;
};

export const useJobRoom = ({ jobId, queryConfig }: UseJobRoomOptions) =>
  useQuery({ ...getJobRoomQueryOptions(jobId), ...queryConfig });
