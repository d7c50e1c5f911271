import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationRoutes, type NotificationList } from '@shared/contracts/notifications';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/** GET /api/notifications — the newest notifications of the logged-in user and the unread count. */
export async function getNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationList> {
  return callApi(notificationRoutes.list, { signal });
}

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ signal }) => getNotifications({ signal }),
  });

type UseNotificationsOptions = {
  queryConfig?: QueryConfig<typeof getNotificationsQueryOptions>;
};

export const useNotifications = ({ queryConfig }: UseNotificationsOptions = {}) =>
  useQuery({ ...getNotificationsQueryOptions(), ...queryConfig });
