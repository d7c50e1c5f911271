export const SITE_NAME = 'Plumbline';

/** Shown until (or if never) `GET /api/config/public` answers with the configured values. */
export const DEFAULT_SUPPORT_CONTACT = {
  supportPhone: '(555) 010-7586',
  supportEmail: 'help@plumbline.test',
} as const;
