import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';
import { DEFAULT_SUPPORT_CONTACT } from '@/config/site';

/** What GET /api/config/public answers with: contact details configured on the server. */
export interface PublicConfig {
  supportPhone: string;
  supportEmail: string;
}

// Checked by hand rather than with zod: the footer is on every page's first load.
function isPublicConfig(value: unknown): value is PublicConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Record<string, unknown>;
  return (
    typeof config.supportPhone === 'string' &&
    config.supportPhone.length > 0 &&
    typeof config.supportEmail === 'string' &&
    config.supportEmail.length > 0
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
export function useSupportContact(): PublicConfig {
  const { data } = usePublicConfig();
  return data ?? DEFAULT_SUPPORT_CONTACT;
}
