import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPeopleRoutes, type AdminPerson, type ChangeRoleInput } from '@shared/contracts/admin-people';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/admin/users/{userId}/role — the admin's own password re-entered (403 at `password` when wrong). */
export async function changePersonRole({
  userId,
  ...body
}: { userId: string } & ChangeRoleInput): Promise<AdminPerson> {
  return callApi(adminPeopleRoutes.changeRole, { params: { userId }, body });
}

type UseChangePersonRoleOptions = {
  mutationConfig?: MutationConfig<typeof changePersonRole>;
};

export const useChangePersonRole = ({ mutationConfig }: UseChangePersonRoleOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: changePersonRole,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.people });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit });
      // An admin who stepped down is an admin no more: the page follows the new role.
      await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
      await onSuccess?.(...args);
    },
  });
};
