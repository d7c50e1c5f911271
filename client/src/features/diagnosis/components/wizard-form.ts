import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { diagnosisRequestInput } from '@shared/contracts/diagnosis';

/** The wizard's form: the request contract minus the photos, which the picker keeps. */
export const diagnosisFormSchema = diagnosisRequestInput.omit({ imageUrls: true });
export type DiagnosisFormValues = z.input<typeof diagnosisFormSchema>;
export type DiagnosisFormOutput = z.output<typeof diagnosisFormSchema>;
export type DiagnosisForm = UseFormReturn<DiagnosisFormValues, unknown, DiagnosisFormOutput>;

export const DIAGNOSIS_FORM_DEFAULTS: DiagnosisFormValues = {
  description: '',
  location: 'bathroom',
  urgency: 'routine',
};
