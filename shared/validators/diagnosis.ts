import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { DIAGNOSIS_LOCATIONS, LIMITS, SEVERITIES } from '../constants';
import { diagnostics } from '../schema';
import { FIELD_MESSAGES, urgencyField, zipField } from './common';

/** docs/product.md §5 (diagnosis). */
export const DIAGNOSIS_MESSAGES = {
  descriptionMin: 'Please describe the issue in detail (at least 10 characters)',
  descriptionMax: 'Description must be at most 5000 characters',
  /** Step-1 Next toast of the wizard (title / description). */
  descriptionRequiredTitle: 'Description Required',
  descriptionRequiredToast: 'Please describe your issue in detail',
  locationInvalid: 'Location must be kitchen, bathroom, basement, outdoor or other',
  urgencyInvalid: FIELD_MESSAGES.urgencyInvalid,
  imagesMax: 'You can upload at most 5 photos',
  imageInvalid: 'Each photo must be an image',
  severityInvalid: 'Severity must be low, medium, high or critical',
} as const;

const MAX_DESCRIPTION = 5000;
/** Photos travel as inline data URLs (`data:image/jpeg;base64,…`); the server checks the bytes themselves. */
const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;

export const diagnosisDescriptionField = z
  .string({ error: DIAGNOSIS_MESSAGES.descriptionMin })
  .trim()
  .min(LIMITS.diagnosisDescriptionMin, { error: DIAGNOSIS_MESSAGES.descriptionMin })
  .max(MAX_DESCRIPTION, { error: DIAGNOSIS_MESSAGES.descriptionMax });

/** POST /api/diagnose */
export const diagnosisRequestInput = z.object({
  description: diagnosisDescriptionField,
  location: z.enum(DIAGNOSIS_LOCATIONS, { error: DIAGNOSIS_MESSAGES.locationInvalid }),
  urgency: urgencyField(),
  imageUrls: z
    .array(
      z
        .string({ error: DIAGNOSIS_MESSAGES.imageInvalid })
        .regex(IMAGE_DATA_URL, { error: DIAGNOSIS_MESSAGES.imageInvalid }),
      { error: DIAGNOSIS_MESSAGES.imageInvalid },
    )
    .max(LIMITS.maxDiagnosisImages, { error: DIAGNOSIS_MESSAGES.imagesMax })
    .optional()
    .default([]),
  /** Optional 5-digit ZIP: prices the estimate for the homeowner's region (national default without it). */
  zip: zipField().optional(),
});
export type DiagnosisRequestInput = z.input<typeof diagnosisRequestInput>;
export type DiagnosisRequest = z.output<typeof diagnosisRequestInput>;

/**
 * The diagnosis fields the product's result screen reads. Engines validate their output against it;
 * later features extend it (issueSlug, costBreakdown, confidence, engine, id).
 */
export const diagnosisResultSchema = z.object({
  isPlumbingRelated: z.boolean(),
  severity: z.enum(SEVERITIES, { error: DIAGNOSIS_MESSAGES.severityInvalid }),
  issue: z.string().min(1),
  estimatedCost: z.string().min(1),
  recommendedAction: z.string().min(1),
  explanation: z.string().min(1),
  conclusionBasis: z.string().optional(),
});
export type DiagnosisResult = z.infer<typeof diagnosisResultSchema>;

/** A stored diagnosis; image URLs here point at the cleaned copies in the media store. */
export const insertDiagnosticSchema = createInsertSchema(diagnostics, {
  description: diagnosisDescriptionField,
  location: z.enum(DIAGNOSIS_LOCATIONS, { error: DIAGNOSIS_MESSAGES.locationInvalid }),
  imageUrls: z
    .array(z.string())
    .max(LIMITS.maxDiagnosisImages, { error: DIAGNOSIS_MESSAGES.imagesMax })
    .optional(),
}).omit({ id: true, createdAt: true });
export type InsertDiagnosticInput = z.input<typeof insertDiagnosticSchema>;
