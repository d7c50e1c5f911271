import { queryOptions, useQuery } from '@tanstack/react-query';
import { isTimeZone } from '@shared/dates';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';
import { DEFAULT_SUPPORT_CONTACT } from '@/config/site';

/** What GET /api/config/public answers with: contact details and the app's time zone (APP_TIME_ZONE). */
export interface PublicConfig {
  supportPhone: string;
  supportEmail: string;
  /** The IANA zone whose clock decides "today" and "has this slot started" (`America/Chicago`). */
  timeZone: string;
}

export type SupportContact = Pick<PublicConfig, 'supportPhone' | 'supportEmail'>;

const isFilledString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Checked by hand rather than with zod: the footer is on every page's first load. A zone this
 * browser does not know is refused too: date formatting in it would throw inside the booking form.
 */
export function isPublicConfig(value: unknown): value is PublicConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Record<string, unknown>;
  return (
    isFilledString(config.supportPhone) &&
    isFilledString(config.supportEmail) &&
    isFilledString(config.timeZone) &&
    isTimeZone(config.timeZone)
  );
}

export async function getPublicConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  const body = await apiRequest('GET', queryKeys.config.public[0], undefined, { signal });
  if (!isPublicConfig(body)) throw new Error('Unexpected answer from /api/config/public');
  return body;
}

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config.public,
    queryFn: ({ signal }) => getPublicConfig({ signal }),
  });

type UsePublicConfigOptions = {
  queryConfig?: QueryConfig<typeof getPublicConfigQueryOptions>;
};

export const usePublicConfig = ({ queryConfig }: UsePublicConfigOptions = {}) =>
  useQuery({
    ...getPublicConfigQueryOptions(),
    ...queryConfig,
  });

/** The support phone and e-mail to show: the server's values once known, the defaults until then or on failure. */
export function useSupportContact(): SupportContact {
  const { data } = usePublicConfig();
  return data ?? DEFAULT_SUPPORT_CONTACT;
}
