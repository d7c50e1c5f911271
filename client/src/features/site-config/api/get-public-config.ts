import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';
import { DEFAULT_SUPPORT_CONTACT } from '@/config/site';

/** What GET /api/config/public answers with: contact details configured on the server. */
export const publicConfigSchema = z.object({
  supportPhone: z.string().min(1),
  supportEmail: z.string().min(1),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export async function getPublicConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  return publicConfigSchema.parse(await apiRequest('GET', queryKeys.config.public[0], undefined, { signal }));
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
