import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationRoutes,
  type MarkNotificationsRead,
  type NotificationList,
} from '@shared/contracts/notifications';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/notifications/read — `{ ids }` or `{ all: true }`; answers the unread count left. */
export async function markNotificationsRead(input: MarkNotificationsRead): Promise<{ unreadCount: number }> {
  return callApi(notificationRoutes.markRead, { body: input });
}

type UseMarkNotificationsReadOptions = {
  mutationConfig?: MutationConfig<typeof markNotificationsRead>;
};

/** The bell shows the change at once from the answer: no second request for the list. */
export const useMarkNotificationsRead = ({ mutationConfig }: UseMarkNotificationsReadOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: markNotificationsRead,
    onSuccess: async (...args) => {
      const [{ unreadCount }, input] = args;
      const readAt = new Date().toISOString();
      const ids = 'ids' in input ? new Set(input.ids) : null;
      queryClient.setQueryData<NotificationList>(queryKeys.notifications.list, (list) =>
        list
          ? {
              unreadCount,
              items: list.items.map((item) =>
                item.readAt === null && (ids === null || ids.has(item.id)) ? { ...item, readAt } : item,
              ),
            }
          : list,
      );
      await onSuccess?.(...args);
    },
  });
};
