import type { DiagnosisLocation, Severity, Urgency } from '@shared/constants';
import { DIAGNOSIS_MESSAGES } from '@shared/contracts/diagnosis';

/** Visible copy of the wizard (docs/product.md#screens-and-routes "Diagnose"; rules and messages: docs/product.md#validation, docs/product.md#messages) — exact strings. */
export const WIZARD_STEPS = ['Describe Issue', 'Upload Photos', 'Additional Details'] as const;
export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

export const QUICK_FILLS = [
  'Leaky faucet or pipe',
  'Clogged drain or toilet',
  'Water heater not working',
  'Low water pressure',
  'Running toilet',
  'Burst pipe emergency',
] as const;

export const LOCATION_LABELS: Record<DiagnosisLocation, string> = {
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
  basement: 'Basement',
  outdoor: 'Outdoor',
  other: 'Other',
};

export const URGENCY_LABELS: Record<Urgency, { name: string; hint: string }> = {
  routine: { name: 'Routine', hint: 'Can wait a few days' },
  urgent: { name: 'Urgent', hint: 'Need help today' },
  emergency: { name: 'Emergency', hint: 'Immediate attention' },
};

/** critical = 'Critical', high = 'High Priority', medium = 'Medium', otherwise 'Low'. */
export function severityLabel(severity: Severity | string): string {
  switch (severity) {
    case 'critical':
      return 'Critical';
    case 'high':
      return 'High Priority';
    case 'medium':
      return 'Medium';
    default:
      return 'Low';
  }
}

export const COPY = {
  next: 'Next',
  back: 'Back',
  submit: 'Get AI Diagnosis',
  submitting: 'Analyzing...',
  descriptionRequiredTitle: DIAGNOSIS_MESSAGES.descriptionRequiredTitle,
  descriptionRequiredToast: DIAGNOSIS_MESSAGES.descriptionRequiredToast,
  successTitle: 'Diagnosis Complete',
  successDescription: 'AI has analyzed your plumbing issue',
  failureTitle: 'Diagnosis Failed',
  failureDescription: 'Please try again or contact support',
  howWeDiagnosed: 'How We Diagnosed This',
  analysisBasedOn: 'Analysis based on',
  notPlumbingTitle: 'Not Plumbing-Related',
  bookProfessional: 'Book a Professional',
  newDiagnosis: 'New Diagnosis',
  tooManyPhotos: DIAGNOSIS_MESSAGES.imagesMax,
  replacePhoto: (position: number) => `Replace photo ${position}`,
  photosNeedAttention: 'Replace or remove the photos marked above to continue.',
  photoRefusedTitle: 'Photo Cannot Help',
  couldAlsoBe: 'Could also be',
  confirmedOnSite: 'The plumber confirms which on site.',
} as const;

const QUANTITY_UNITS: Record<string, string> = { linear_ft: 'ft', hour: 'hours' };

/** 'Typical job (25 ft): $375 - $625' for an issue priced per foot. */
export function typicalTotalLabel(total: { quantity: number; unit: string; estimatedCost: string }): string {
  const unit = QUANTITY_UNITS[total.unit] ?? total.unit.replace(/_/g, ' ');
  return `Typical job (${total.quantity} ${unit}): ${total.estimatedCost}`;
}
