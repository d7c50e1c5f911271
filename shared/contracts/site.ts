import { z } from './zod';
import { defineRoute } from './http';

/**
 * Public, non-secret settings the client shows: footer contact details, and the app's time zone
 * (APP_TIME_ZONE), in which the booking form judges "today".
 */
export const publicConfigSchema = z.object({
  supportPhone: z.string(),
  supportEmail: z.string(),
  timeZone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const siteRoutes = {
  publicConfig: defineRoute({ method: 'GET', path: '/api/config/public', response: publicConfigSchema }),
};
