import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  plumberRoutes,
  type PlumberAppointment,
  type PlumberAppointmentsQueryInput,
} from '@shared/contracts/plumbers';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/**
 * GET /api/plumbers/me/appointments — the logged-in plumber's appointments starting on `from`…`to`
 * (days on the app's clock); without them, today and the next 30 days.
 */
export async function getMyAppointments(
  range: PlumberAppointmentsQueryInput = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<PlumberAppointment[]> {
  return callApi(plumberRoutes.listMyAppointments, { query: range, signal });
}

export const getMyAppointmentsQueryOptions = (range: PlumberAppointmentsQueryInput = {}) =>
  queryOptions({
    queryKey: queryKeys.plumbers.myAppointmentsIn(range),
    queryFn: ({ signal }) => getMyAppointments(range, { signal }),
  });

type UseMyAppointmentsOptions = {
  range?: PlumberAppointmentsQueryInput;
  queryConfig?: QueryConfig<typeof getMyAppointmentsQueryOptions>;
};

export const useMyAppointments = ({ range, queryConfig }: UseMyAppointmentsOptions = {}) =>
  useQuery({ ...getMyAppointmentsQueryOptions(range), ...queryConfig });
