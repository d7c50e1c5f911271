import { z } from './zod';
import { DIAGNOSIS_LOCATIONS, LIMITS, SEVERITIES } from '../constants';
import { FIELD_MESSAGES, urgencyField, zipField } from './common';
import { costBreakdownSchema } from './pricing';
import { defineRoute } from './http';

/** docs/product.md#validation (diagnosis). */
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
  /** The result's `photoNote` when the photos were kept but no model looked at them. */
  photosNotAnalysed: (count: number) =>
    `${count === 1 ? 'Your photo was' : `Your ${count} photos were`} kept for the plumber but not analysed: this diagnosis is based on your description only.`,
} as const;

const MAX_DESCRIPTION = 5000;
/** Photos travel as inline data URLs (`data:image/jpeg;base64,…`); the server checks the bytes themselves. */
const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;

export const diagnosisDescriptionField = z
  .string({ error: DIAGNOSIS_MESSAGES.descriptionMin })
  .trim()
  .min(LIMITS.diagnosisDescriptionMin, { error: DIAGNOSIS_MESSAGES.descriptionMin })
  .max(MAX_DESCRIPTION, { error: DIAGNOSIS_MESSAGES.descriptionMax });

/** One photo as a data URL; also the photos a homeowner adds to a job (POST /api/jobs/:jobId/photos). */
export const diagnosisImageField = z
  .string({ error: DIAGNOSIS_MESSAGES.imageInvalid })
  .regex(IMAGE_DATA_URL, { error: DIAGNOSIS_MESSAGES.imageInvalid });

/** POST /api/diagnose */
export const diagnosisRequestInput = z.object({
  description: diagnosisDescriptionField,
  location: z.enum(DIAGNOSIS_LOCATIONS, { error: DIAGNOSIS_MESSAGES.locationInvalid }),
  urgency: urgencyField(),
  imageUrls: z
    .array(diagnosisImageField, { error: DIAGNOSIS_MESSAGES.imageInvalid })
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

export const CONFIDENCE_LEVELS = ['low', 'medium', 'high'] as const;
export const DIAGNOSIS_ENGINES = ['offline', 'openai'] as const;

/** A safety stop raised by the engine (gas smell, sewage, water near electrics, burst pipe …). */
export const safetyNoticeSchema = z.object({
  level: z.enum(['warning', 'danger']),
  title: z.string(),
  message: z.string(),
});
export type SafetyNotice = z.infer<typeof safetyNoticeSchema>;

/**
 * For an issue priced per unit (per linear foot): what a typical job comes to — the pricing engine's
 * per-unit range times a typical quantity (e.g. 25 ft of gas line), shown beside the unit price.
 */
export const typicalTotalSchema = z.object({
  quantity: z.number().positive(),
  unit: z.string(),
  estimatedCost: z.string().min(1),
});
export type TypicalTotal = z.infer<typeof typicalTotalSchema>;

/** A close second choice ("could also be …"), priced by the pricing engine like the answer. */
export const diagnosisAlternativeSchema = z.object({
  issueSlug: z.string(),
  issue: z.string().min(1),
  estimatedCost: z.string().min(1),
  typicalTotal: typicalTotalSchema.nullable().optional(),
});
export type DiagnosisAlternative = z.infer<typeof diagnosisAlternativeSchema>;

/**
 * What POST /api/diagnose answers: the product's fields plus ours. `estimatedCost` is the pricing
 * engine's text (e.g. '$180 - $320'); `costBreakdown` shows how it was computed. `issueSlug` and
 * `costBreakdown` are null when the problem is not plumbing-related.
 */
export const diagnosisResponseSchema = diagnosisResultSchema.extend({
  id: z.string(),
  issueSlug: z.string().nullable(),
  costBreakdown: costBreakdownSchema.nullable(),
  confidence: z.enum(CONFIDENCE_LEVELS),
  engine: z.enum(DIAGNOSIS_ENGINES),
  safety: safetyNoticeSchema.nullable(),
  /** Why this engine answered, when the homeowner should know (e.g. the day's AI calls are spent). */
  note: z.string().nullable().optional(),
  /**
   * Photos kept with the request for the plumber but not analysed (the offline engine reads words
   * only), in plain words (DIAGNOSIS_MESSAGES.photosNotAnalysed); null when a model looked at them
   * or there were none.
   */
  photoNote: z.string().nullable().optional(),
  /** A typical total for an issue priced per unit (per linear foot); absent otherwise. */
  typicalTotal: typicalTotalSchema.nullable().optional(),
  /** When two issues fit almost equally (or the description names two problems): the other one. */
  alternative: diagnosisAlternativeSchema.nullable().optional(),
});
export type DiagnosisResponse = z.infer<typeof diagnosisResponseSchema>;

export const diagnosisRoutes = {
  /** Stored, so it answers 201 with the diagnosis and its id. */
  diagnose: defineRoute({
    method: 'POST',
    path: '/api/diagnose',
    body: diagnosisRequestInput,
    response: diagnosisResponseSchema,
    status: 201,
  }),
};
