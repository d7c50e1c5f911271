import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiagnosisRequestInput } from '@shared/validators/diagnosis';
import { diagnosisResponseSchema, type DiagnosisResponse } from '@shared/validators/diagnosis-response';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type MutationConfig } from '@/lib/react-query';

/** POST /api/diagnose: the description, location, urgency and downscaled photos (data URLs). */
export async function createDiagnosis(data: DiagnosisRequestInput): Promise<DiagnosisResponse> {
  return diagnosisResponseSchema.parse(await apiRequest('POST', '/api/diagnose', data));
}

type UseCreateDiagnosisOptions = {
  mutationConfig?: MutationConfig<typeof createDiagnosis>;
};

/** docs/product.md §7: on success the diagnostics list cache is refreshed. */
export const useCreateDiagnosis = ({ mutationConfig }: UseCreateDiagnosisOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: createDiagnosis,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.diagnostics.all });
      await onSuccess?.(...args);
    },
  });
};
