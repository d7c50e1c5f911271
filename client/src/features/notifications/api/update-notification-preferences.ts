import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationRoutes,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@shared/contracts/notifications';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** PATCH /api/account/notifications — only the kinds given change; answers every kind's choice. */
export async function updateNotificationPreferences(
  input: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  return callApi(notificationRoutes.updatePreferences, { body: input });
}

type UseUpdateNotificationPreferencesOptions = {
  mutationConfig?: MutationConfig<typeof updateNotificationPreferences>;
};

export const useUpdateNotificationPreferences = ({
  mutationConfig,
}: UseUpdateNotificationPreferencesOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateNotificationPreferences,
    onSuccess: async (...args) => {
      queryClient.setQueryData(queryKeys.notifications.preferences, args[0]);
      await onSuccess?.(...args);
    },
  });
};
