import { useMutation, useQueryClient } from '@tanstack/react-query';
import { plumberRoutes, type PlumberOnboardingInput, type PlumberProfile } from '@shared/contracts/plumbers';
import { callApi } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** PUT /api/plumbers/me/onboarding — business name, license and insurance, for an admin to verify. */
export async function submitOnboarding(input: PlumberOnboardingInput): Promise<PlumberProfile> {
  return callApi(plumberRoutes.submitOnboarding, { body: input });
}

type UseSubmitOnboardingOptions = {
  mutationConfig?: MutationConfig<typeof submitOnboarding>;
};

export const useSubmitOnboarding = ({ mutationConfig }: UseSubmitOnboardingOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: submitOnboarding,
    onSuccess: async (...args) => {
      const profile = args[0];
      // Submitting makes the plumber pending again: what it may see changes with it.
      queryClient.setQueryData(queryKeys.plumbers.ofUser(profile.userId), profile);
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.nearby });
      await onSuccess?.(...args);
    },
  });
};
