import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationRoutes, type NotificationPreferences } from '@shared/contracts/notifications';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/account/notifications — which kinds of notification are mailed as well. */
export async function getNotificationPreferences({
  signal,
}: { signal?: AbortSignal } = {}): Promise<NotificationPreferences> {
  return callApi(notificationRoutes.getPreferences, { signal });
}

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.preferences,
    queryFn: ({ signal }) => getNotificationPreferences({ signal }),
  });

type UseNotificationPreferencesOptions = {
  queryConfig?: QueryConfig<typeof getNotificationPreferencesQueryOptions>;
};

export const useNotificationPreferences = ({ queryConfig }: UseNotificationPreferencesOptions = {}) =>
  useQuery({ ...getNotificationPreferencesQueryOptions(), ...queryConfig });
