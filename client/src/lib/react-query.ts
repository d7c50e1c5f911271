import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';

/** docs/product.md#constants: data never goes stale; no retries; no refetch on window focus; no polling. */
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
 * Every cache key, in one place. Keys start with the route's path so a prefix invalidates a whole
 * family (`['/api/quotes/job']` covers every job's quotes); the URL itself comes from the route's
 * contract (`callApi`). Add a group here when a feature gains an endpoint.
 */
export const queryKeys = {
  auth: {
    user: ['/api/auth/user'] as const,
    /** The owner's own settings (name, phone, e-mail and a pending new one). */
    account: ['/api/account'] as const,
  },
  config: {
    public: ['/api/config/public'] as const,
  },
  booking: {
    /** Prefix of every day's slot list. */
    slots: ['/api/availability-slots'] as const,
    slotsOn: (date: string) => ['/api/availability-slots', { date }] as const,
  },
  admin: {
    stats: ['/api/admin/stats'] as const,
    catalog: ['/api/pricing/catalog'] as const,
    regions: ['/api/pricing/regions'] as const,
    modifiers: ['/api/pricing/modifiers'] as const,
    /** Prefix of every status's plumber list. */
    plumbers: ['/api/admin/plumbers'] as const,
    plumbersWith: (status: string) => ['/api/admin/plumbers', { status }] as const,
    /** Prefix of every search of the People tab. */
    people: ['/api/admin/users'] as const,
    peopleMatching: (query: string) => ['/api/admin/users', { query }] as const,
    /** Prefix of every filtered audit log (the Audit tab). */
    audit: ['/api/admin/audit'] as const,
    auditWith: (filters: { actor?: string; entity?: string; from?: string; to?: string }) =>
      ['/api/admin/audit', filters] as const,
    /** Prefix of every status's service-request queue (the Queues tab). */
    serviceRequests: ['/api/admin/service-requests'] as const,
    serviceRequestsWith: (status: string) => ['/api/admin/service-requests', { status }] as const,
    /** Prefix of every report list (the Queues tab); `all` is every status, open first. */
    reports: ['/api/admin/reports'] as const,
    reportsWith: (status: string) => ['/api/admin/reports', { status }] as const,
    /** Prefix of every filter and page of the payouts ledger (the Payouts tab). */
    payouts: ['/api/admin/payouts'] as const,
    payoutsWith: (query: { status?: string; from?: string; to?: string; page?: number }) =>
      ['/api/admin/payouts', query] as const,
  },
  pricing: {
    /** Prefix of every estimate: an admin's pricing edit changes them all. */
    estimates: ['/api/pricing/estimate'] as const,
    estimate: (params: { issueSlug: string; zip?: string; urgency: string }) =>
      ['/api/pricing/estimate', params] as const,
    /** Prefix of every impact preview of a pricing edit (POST, but it reads and changes nothing). */
    previews: ['/api/admin/pricing/preview'] as const,
    preview: (change: object) => ['/api/admin/pricing/preview', change] as const,
  },
  jobs: {
    /** The logged-in customer's own jobs. */
    mine: ['/api/jobs'] as const,
    nearby: ['/api/jobs/nearby'] as const,
    nearbyCount: ['/api/jobs/nearby/count'] as const,
    assigned: ['/api/jobs/assigned'] as const,
    /**
     * One job's room. It sits under `mine` on purpose: whatever refreshes the homeowner's jobs (an
     * accepted quote, a cancellation, a change order answered) changes that job's room too.
     */
    room: (jobId: string) => ['/api/jobs', jobId] as const,
    /** Under its room: refreshing a room refreshes its threads (masking and who may write follow the job). */
    messages: (jobId: string) => ['/api/jobs', jobId, 'messages'] as const,
    /** Under its room too: a live event about the job (an answered report) refreshes them. */
    myReports: (jobId: string) => ['/api/jobs', jobId, 'reports'] as const,
  },
  quotes: {
    /** Prefix of every job's quote list. */
    ofJobs: ['/api/quotes/job'] as const,
    ofJob: (jobId: string) => ['/api/quotes/job', jobId] as const,
    /** Prefix of every plumber's own quote list. */
    ofPlumbers: ['/api/quotes/plumber'] as const,
    ofPlumber: (plumberId: string) => ['/api/quotes/plumber', plumberId] as const,
  },
  plumbers: {
    ofUser: (userId: string) => ['/api/plumbers/user', userId] as const,
    ratings: (plumberId: string) => ['/api/plumbers', plumberId, 'ratings'] as const,
    averageRating: (plumberId: string) => ['/api/plumbers', plumberId, 'average-rating'] as const,
    /** The logged-in plumber's working hours and days off. */
    myAvailability: ['/api/plumbers/me/availability'] as const,
    /** Prefix of every range of the logged-in plumber's appointments. */
    myAppointments: ['/api/plumbers/me/appointments'] as const,
    myAppointmentsIn: (range: { from?: string; to?: string }) =>
      ['/api/plumbers/me/appointments', range] as const,
  },
  notifications: {
    /** The bell: the newest notifications and the unread count. */
    list: ['/api/notifications'] as const,
    /** Which kinds are mailed too (not under `auth.account`: its own path root). */
    preferences: ['/api/account/notifications'] as const,
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
