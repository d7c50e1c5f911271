import { useMutation } from '@tanstack/react-query';
import {
  diagnosisRoutes,
  type DiagnosisRequestInput,
  type DiagnosisResponse,
} from '@shared/contracts/diagnosis';
import { callApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/diagnose: the description, location, urgency and downscaled photos (data URLs). */
export async function createDiagnosis(data: DiagnosisRequestInput): Promise<DiagnosisResponse> {
  return callApi(diagnosisRoutes.diagnose, { body: data });
}

type UseCreateDiagnosisOptions = {
  mutationConfig?: MutationConfig<typeof createDiagnosis>;
};

export const useCreateDiagnosis = ({ mutationConfig }: UseCreateDiagnosisOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: createDiagnosis });
