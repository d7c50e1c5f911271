import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, siteRoutes, type PublicConfig } from '@shared/contracts/site';
import { DEFAULT_APP_TIME_ZONE, isTimeZone } from '@shared/time-zone';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';
import { DEFAULT_SUPPORT_CONTACT } from '@/config/site';

export type SupportContact = Pick<PublicConfig, 'supportPhone' | 'supportEmail'>;

/**
 * An answer the screens can use: contact details filled in, and a zone this browser knows (date
 * formatting in an unknown one would throw inside the booking form).
 */
function isUsable(config: PublicConfig): boolean {
  return config.supportPhone !== '' && config.supportEmail !== '' && isTimeZone(config.timeZone);
}

export function isPublicConfig(value: unknown): value is PublicConfig {
  const parsed = publicConfigSchema.safeParse(value);
  return parsed.success && isUsable(parsed.data);
}

/** GET /api/config/public — contact details and the app's time zone (APP_TIME_ZONE). */
export async function getPublicConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  const config = await callApi(siteRoutes.publicConfig, { signal });
  if (!isUsable(config)) throw new Error('Unexpected answer from /api/config/public');
  return config;
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

/** The app's zone (docs/decisions/018-time-zone.md): the server's once known, the default until then. */
export function useAppTimeZone(): string {
  return usePublicConfig().data?.timeZone ?? DEFAULT_APP_TIME_ZONE;
}

/** The support phone and e-mail to show: the server's values once known, the defaults until then or on failure. */
export function useSupportContact(): SupportContact {
  const { data } = usePublicConfig();
  return data ?? DEFAULT_SUPPORT_CONTACT;
}
