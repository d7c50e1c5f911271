import { z } from 'zod';
import { costBreakdownSchema } from './estimate';
import { diagnosisResultSchema } from './diagnosis';

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
});
export type DiagnosisResponse = z.infer<typeof diagnosisResponseSchema>;
