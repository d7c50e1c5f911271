import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';

/** Spec §9: data never goes stale; no retries; no refetch on window focus; no polling. */
export const queryConfig = {
  queries: {
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

/**
 * Every cache key, in one place. Keys are path-shaped so `getQueryFn` can turn them into URLs and
 * so a prefix invalidates a whole family (`['/api/quotes/job']` covers every job's quotes).
 * Add a group here when a feature gains an endpoint.
 */
export const queryKeys = {
  auth: {
    user: ['/api/auth/user'] as const,
  },
  config: {
    public: ['/api/config/public'] as const,
  },
} as const;

/** Query keys that do not depend on who is logged in; everything else is dropped when the session changes. */
export const sessionIndependentQueryRoots: readonly string[] = [queryKeys.config.public[0]];

// Types for the bulletproof-react "one file per endpoint" pattern.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiFnReturnType<FnType extends (...args: any) => Promise<any>> = Awaited<ReturnType<FnType>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type QueryConfig<T extends (...args: any[]) => any> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MutationConfig<MutationFnType extends (...args: any) => Promise<any>> = UseMutationOptions<
  ApiFnReturnType<MutationFnType>,
  Error,
  Parameters<MutationFnType>[0]
>;
