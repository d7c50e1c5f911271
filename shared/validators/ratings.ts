import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { ratings } from '../schema';
import { FIELD_MESSAGES, uuidField } from './common';

export const RATING_MESSAGES = {
  starsRange: 'Rating must be a whole number from 1 to 5',
  commentMax: 'Comment must be at most 2000 characters',
} as const;

const starsField = z
  .number({ error: RATING_MESSAGES.starsRange })
  .int({ error: RATING_MESSAGES.starsRange })
  .min(1, { error: RATING_MESSAGES.starsRange })
  .max(5, { error: RATING_MESSAGES.starsRange });
const commentField = z.string().trim().max(2000, { error: RATING_MESSAGES.commentMax });

/** POST /api/jobs/:jobId/rating — the job's owner rates the plumber who did it. */
export const createRatingInput = z.object({
  stars: starsField,
  comment: commentField.optional(),
});
export type CreateRatingInput = z.input<typeof createRatingInput>;

export const insertRatingSchema = createInsertSchema(ratings, {
  jobId: uuidField(FIELD_MESSAGES.jobIdInvalid),
  plumberId: uuidField(FIELD_MESSAGES.plumberIdInvalid),
  stars: starsField,
  comment: commentField.nullish(),
}).omit({ id: true, createdAt: true });
export type InsertRatingInput = z.input<typeof insertRatingSchema>;
