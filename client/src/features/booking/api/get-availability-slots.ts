import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookingRoutes, type Slot } from '@shared/contracts/booking';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/availability-slots?date=YYYY-MM-DD: the open slots of a day (none for past days or times). */
export async function getAvailabilitySlots(
  date: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Slot[]> {
  return callApi(bookingRoutes.listSlots, { query: { date }, signal });
}

export const getAvailabilitySlotsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: queryKeys.booking.slotsOn(date),
    queryFn: ({ signal }) => getAvailabilitySlots(date, { signal }),
  });

type UseAvailabilitySlotsOptions = {
  /** docs/product.md#how-the-client-calls-the-api: slots are fetched only when a date is set. */
  date: string | undefined;
  queryConfig?: QueryConfig<typeof getAvailabilitySlotsQueryOptions>;
};

export const useAvailabilitySlots = ({ date, queryConfig }: UseAvailabilitySlotsOptions) =>
  useQuery({
    ...getAvailabilitySlotsQueryOptions(date ?? ''),
    enabled: Boolean(date),
    ...queryConfig,
  });
