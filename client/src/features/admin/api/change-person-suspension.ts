import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPeopleRoutes, type AdminPerson, type SuspensionInput } from '@shared/contracts/admin-people';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** Suspend an account (its sessions end at once) or reinstate it, with the reason the audit log keeps. */
export type SuspensionChange = { userId: string; suspended: boolean } & SuspensionInput;

/** POST /api/admin/users/{userId}/suspend or /reinstate. */
export async function changePersonSuspension({
  userId,
  suspended,
  reason,
}: SuspensionChange): Promise<AdminPerson> {
  const route = suspended ? adminPeopleRoutes.suspend : adminPeopleRoutes.reinstate;
  return callApi(route, { params: { userId }, body: { reason } });
}

type UseChangePersonSuspensionOptions = {
  mutationConfig?: MutationConfig<typeof changePersonSuspension>;
};

export const useChangePersonSuspension = ({ mutationConfig }: UseChangePersonSuspensionOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: changePersonSuspension,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.people });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit });
      // An admin who suspended themselves has just been logged out.
      await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
      await onSuccess?.(...args);
    },
  });
};
