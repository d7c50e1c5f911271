import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, queryKeyToUrl } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

const availabilitySlotSchema = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

/** GET /api/availability-slots?date=YYYY-MM-DD: the open slots of a day (none for past days or times). */
export async function getAvailabilitySlots(date: string, { signal }: { signal?: AbortSignal } = {}) {
  const body = await apiRequest('GET', queryKeyToUrl(queryKeys.booking.slotsOn(date)), undefined, { signal });
  return z.array(availabilitySlotSchema).parse(body);
}

export const getAvailabilitySlotsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: queryKeys.booking.slotsOn(date),
    queryFn: ({ signal }) => getAvailabilitySlots(date, { signal }),
  });

type UseAvailabilitySlotsOptions = {
  /** docs/product.md §7: slots are fetched only when a date is set. */
  date: string | undefined;
  queryConfig?: QueryConfig<typeof getAvailabilitySlotsQueryOptions>;
};

export const useAvailabilitySlots = ({ date, queryConfig }: UseAvailabilitySlotsOptions) =>
  useQuery({
    ...getAvailabilitySlotsQueryOptions(date ?? ''),
    enabled: Boolean(date),
    ...queryConfig,
  });
