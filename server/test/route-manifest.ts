import { DEMO_PASSWORD } from '../db/seed/demo';
import type { ListedRoute } from './list-routes';

/**
 * Every route of the app, who may call it and what each kind of caller gets. The access-matrix
 * test (server/access-matrix.test.ts) fails when the app has a route this table does not list,
 * when the table lists a route the app does not have, and when a cell answers another status.
 *
 * The actors, all real accounts of one test database:
 * - anonymous: no session;
 * - homeowner: owns the jobs and bookings the requests point at;
 * - otherHomeowner: a homeowner with jobs of their own, none of these;
 * - plumber: the plumber involved with the homeowner's job (quoted on it; assigned once accepted);
 * - otherPlumber: a plumber working in the same area, with no relation to the job;
 * - admin: the admin account.
 *
 * Status codes follow docs/decisions/004-error-format.md and ADRs 010/011: 401 logged out, 403 wrong role (admins
 * included on accept, status change and rating: they watch, they do not act), 404 for someone
 * else's job (its existence is not revealed), 403 for another plumber's quotes and for a service
 * request made by another account.
 */

export const ACTORS = [
  'anonymous',
  'homeowner',
  'otherHomeowner',
  'plumber',
  'otherPlumber',
  'admin',
] as const;
export type ActorName = (typeof ACTORS)[number];

/** `PATCH /api/jobs/:jobId/status`, exactly as `listRoutes(app)` prints it. */
export type RouteKey = `${ListedRoute['method']} /${string}`;

/**
 * The fresh state a case needs, built again before every cell so a change made by one cell (a
 * quote accepted, a slot booked) never decides another:
 * - `job:<stage>`: a new job of the homeowner; from `quoted` on, the plumber quoted on it; from
 *   `scheduled` on, the homeowner accepted that quote; then the plumber started / completed it;
 *   `change_requested`: scheduled, and the plumber asked for a change order still pending;
 *   `reschedule_proposed`: scheduled, and the plumber proposed a new time still pending. The quote
 *   carries a window from `scheduled` on, so a scheduled job has a booked appointment;
 * - `serviceRequest`: a booking request the logged-in homeowner made, and a free slot on its date;
 * - `account`: an account nobody else uses (for logging in);
 * - `person`: a new homeowner account nobody else uses, for an admin to act on; `suspendedPerson`:
 *   the same, suspended by the admin;
 * - `pendingPlumber`: a new plumber account that has submitted its details for an admin to review;
 * - `guestServiceRequest`: a guest's booking (no session) made with the homeowner's e-mail, which
 *   the homeowner has verified, so an admin can convert it into the homeowner's job;
 * - `report`: a new job of the homeowner, quoted on by the plumber, and the homeowner's open report on it;
 * - `pricingRows`: a catalogue item, a region and a modifier of their own, active, so an admin's edit
 *   or retirement in one cell changes nothing another cell prices with.
 */
export type JobStage =
  'open' | 'quoted' | 'scheduled' | 'in_progress' | 'completed' | 'change_requested' | 'reschedule_proposed';
export type CaseSetup =
  | 'none'
  | `job:${JobStage}`
  | 'serviceRequest'
  | 'account'
  | 'pendingPlumber'
  | 'person'
  | 'suspendedPerson'
  | 'guestServiceRequest'
  | 'report'
  | 'pricingRows';

/** What a request may be built from. Parts the case's setup does not build throw when read. */
export interface CaseFixture {
  /** The involved plumber: its `plumbers.id` and its account's `users.id`. */
  plumber: { plumberId: string; userId: string };
  /**
   * The case's own job (setup `job:*`); `quoteId` is the plumber's quote, null while `open`;
   * `changeOrderId` the pending change order of `job:change_requested`, else null; `photoId` its
   * one photo (the stored diagnosis photo).
   */
  job: {
    id: string;
    quoteId: string | null;
    changeOrderId: string | null;
    photoId: string;
    /** A future window free on the plumber's calendar, for a reschedule proposal. */
    spareWindow: { startsAt: string; endsAt: string };
    /** `job:reschedule_proposed`: the plumber's pending proposal, else null. */
    proposalId: string | null;
    /** `job:completed`: the payout its completion wrote (pending), else null. */
    payoutId: string | null;
  };
  /** Setup `serviceRequest`: the homeowner's request and a free slot on its preferred date. */
  serviceRequest: { id: string; slotId: string };
  /** Setup `account`: the credentials of a fresh account. */
  account: { email: string; password: string };
  /** Setup `pendingPlumber`: the `plumbers.id` of a plumber waiting for review. */
  pendingPlumber: { plumberId: string };
  /** Setups `person` and `suspendedPerson`: the `users.id` of the account the admin acts on. */
  person: { userId: string };
  /** Setup `guestServiceRequest`: a guest's booking made with the homeowner's (verified) e-mail. */
  guestServiceRequest: { id: string };
  /** Setup `report`: the homeowner's open report and the job it is about. */
  report: { id: string; jobId: string };
  /** Setup `pricingRows`: the slug, code and id of pricing rows nobody else uses. */
  pricingRows: { issueSlug: string; regionCode: string; modifierId: string };
  /** A date before today on the app's clock (YYYY-MM-DD). */
  pastDate: string;
  /** A fresh e-mail, for registering. */
  freshEmail: string;
  /** A date some days ahead (YYYY-MM-DD, on the app's clock: APP_TIME_ZONE). */
  futureDate: string;
  /** The path of a stored, cleaned diagnosis photo: `/media/<uuid>.jpg`. */
  mediaPath: string;
}

/** Contact details, which must reach nobody but their owner unless a route grants them (`reveals`). */
export type ContactField = 'email' | 'phone' | 'name' | 'address';
/** Whose details: an actor, or the seeded demo accounts nobody in the matrix is related to. */
export type DetailOwner = Exclude<ActorName, 'anonymous'> | 'bystanders';
export type Grants = Partial<Record<ActorName, Partial<Record<DetailOwner, readonly ContactField[]>>>>;

export interface RouteCase {
  route: RouteKey;
  /** Tells apart several cases of one route. */
  variant?: string;
  setup: CaseSetup;
  /**
   * Each actor acts through a new session of its own account, because the route replaces or ends
   * the session (the shared sessions of the other cases must survive it).
   */
  freshSession?: true;
  /**
   * A Server-Sent Events stream, which never ends by itself: the matrix reads the answer's start and
   * closes the connection. A 200 must be `text/event-stream`; a refusal is JSON as everywhere else.
   */
  stream?: true;
  /** The content type of a success that is not JSON (a calendar file); refusals are JSON. */
  successType?: string;
  params?: (f: CaseFixture) => Record<string, string>;
  query?: (f: CaseFixture) => Record<string, string>;
  body?: (f: CaseFixture) => object;
  expected: Record<ActorName, number>;
  /** Other people's details this route shows an actor by design; everything else is a leak. */
  reveals?: Grants;
}

const PASSWORD = 'access-grid-password';
/** A valid 1 × 1 PNG: the smallest photo a job accepts. */
const TINY_PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const everyone = (status: number) =>
  Object.fromEntries(ACTORS.map((actor) => [actor, status])) as Record<ActorName, number>;
const EVERYONE_OK = everyone(200);
const EVERYONE_CREATED = everyone(201);
const USERS_OK = { ...EVERYONE_OK, anonymous: 401 };
const ADMIN_ONLY = {
  anonymous: 401,
  homeowner: 403,
  otherHomeowner: 403,
  plumber: 403,
  otherPlumber: 403,
  admin: 200,
};
const PLUMBERS_ONLY = {
  anonymous: 401,
  homeowner: 403,
  otherHomeowner: 403,
  plumber: 200,
  otherPlumber: 200,
  admin: 403,
};

function pendingChangeOrder(f: CaseFixture): string {
  if (!f.job.changeOrderId) throw new Error("only setup 'job:change_requested' builds a change order");
  return f.job.changeOrderId;
}

function pendingProposal(f: CaseFixture): string {
  if (!f.job.proposalId) throw new Error("only setup 'job:reschedule_proposed' builds a proposal");
  return f.job.proposalId;
}

function completedJobPayout(f: CaseFixture): string {
  if (!f.job.payoutId) throw new Error("only setup 'job:completed' builds a payout");
  return f.job.payoutId;
}

export const ROUTE_MANIFEST: readonly RouteCase[] = [
  // Health: outside /api, for load balancers; no session, no details.
  { route: 'GET /healthz', setup: 'none', expected: EVERYONE_OK },
  { route: 'GET /readyz', setup: 'none', expected: EVERYONE_OK },
  // Cleaned diagnosis photos: public by unguessable name, like the diagnosis that stored them.
  {
    route: 'GET /media/:file',
    setup: 'none',
    params: (f) => ({ file: f.mediaPath.replace('/media/', '') }),
    expected: EVERYONE_OK,
  },

  // Auth. Logging in or registering while logged in switches to that account (the session is new).
  { route: 'GET /api/auth/user', setup: 'none', expected: USERS_OK },
  {
    route: 'POST /api/auth/login',
    setup: 'account',
    freshSession: true,
    body: (f) => f.account,
    expected: EVERYONE_OK,
  },
  {
    route: 'POST /api/auth/register',
    setup: 'none',
    freshSession: true,
    body: (f) => ({ email: f.freshEmail, password: PASSWORD }),
    expected: EVERYONE_CREATED,
  },
  // Logging out without a session is harmless: 200 for everyone.
  { route: 'POST /api/auth/logout', setup: 'none', freshSession: true, expected: EVERYONE_OK },
  // Mailed links (ADR 023). The matrix's tokens are unknown: the same 400 for everyone, logged in or not.
  {
    route: 'POST /api/auth/verify-email',
    setup: 'none',
    body: () => ({ token: 'not-a-token-anybody-was-mailed' }),
    expected: everyone(400),
  },
  { route: 'POST /api/auth/verify-email/resend', setup: 'none', expected: USERS_OK },
  // The same 202 for an address nobody has: whether an account exists is not said.
  {
    route: 'POST /api/auth/password-reset',
    setup: 'none',
    body: (f) => ({ email: f.freshEmail }),
    expected: everyone(202),
  },
  {
    route: 'POST /api/auth/password-reset/confirm',
    setup: 'none',
    body: () => ({ token: 'not-a-token-anybody-was-mailed', password: PASSWORD }),
    expected: everyone(400),
  },

  // The account's own settings (docs/decisions/025-accounts.md): every user, their own details only.
  // A PATCH of nothing answers the account unchanged; a wrong password is refused (403), so
  // no cell changes a password or deletes an actor.
  { route: 'GET /api/account', setup: 'none', expected: USERS_OK },
  { route: 'PATCH /api/account', setup: 'none', body: () => ({}), expected: USERS_OK },
  {
    route: 'POST /api/account/password',
    setup: 'none',
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'a-brand-new-password' }),
    expected: { ...everyone(403), anonymous: 401 },
  },
  {
    route: 'DELETE /api/account',
    setup: 'none',
    body: () => ({ password: 'not-the-password' }),
    expected: { ...everyone(403), anonymous: 401 },
  },

  // Public reads and the public diagnosis: docs/product.md#who-may-do-what, no login requirement.
  { route: 'GET /api/config/public', setup: 'none', expected: EVERYONE_OK },
  {
    route: 'POST /api/diagnose',
    setup: 'none',
    body: () => ({
      description: 'The kitchen sink is blocked and will not drain',
      location: 'kitchen',
      urgency: 'routine',
    }),
    expected: EVERYONE_CREATED,
  },
  {
    route: 'GET /api/pricing/estimate',
    setup: 'none',
    query: () => ({ issueSlug: 'leaky-faucet', zip: '80202', urgency: 'routine' }),
    expected: EVERYONE_OK,
  },

  // Admin lists (ADR 010): a guard on each route; job addresses are the admin's to see.
  { route: 'GET /api/admin/stats', setup: 'none', expected: ADMIN_ONLY },
  // The audit log names the admins who wrote it (their e-mail), to admins only.
  {
    route: 'GET /api/admin/audit',
    setup: 'none',
    expected: ADMIN_ONLY,
    reveals: { admin: { admin: ['email'], bystanders: ['email'] } },
  },
  // The People tab (docs/decisions/031-admin-operations.md): the newest accounts with their e-mail,
  // name and phone, to admins only. Each write acts on an account of the case's own; the role change
  // carries the admin's password, so the admin's cell succeeds.
  {
    route: 'GET /api/admin/users',
    setup: 'none',
    expected: ADMIN_ONLY,
    reveals: {
      admin: Object.fromEntries(
        (['homeowner', 'otherHomeowner', 'plumber', 'otherPlumber', 'bystanders'] as const).map((owner) => [
          owner,
          ['email', 'name', 'phone'] as const,
        ]),
      ),
    },
  },
  {
    route: 'POST /api/admin/users/:userId/suspend',
    setup: 'person',
    params: (f) => f.person,
    body: () => ({ reason: 'Several homeowners reported abusive messages' }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/users/:userId/reinstate',
    setup: 'suspendedPerson',
    params: (f) => f.person,
    body: () => ({ reason: 'Cleared after a call with the owner' }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/users/:userId/role',
    setup: 'person',
    params: (f) => f.person,
    body: () => ({ role: 'plumber', password: DEMO_PASSWORD, reason: 'Joined as a licensed plumber' }),
    expected: ADMIN_ONLY,
  },
  // The review queue shows the admin who is asking to be verified (the pending demo plumber too).
  {
    route: 'GET /api/admin/plumbers',
    setup: 'pendingPlumber',
    query: () => ({ status: 'pending' }),
    expected: ADMIN_ONLY,
    reveals: { admin: { bystanders: ['name', 'email'] } },
  },
  {
    route: 'POST /api/admin/plumbers/:plumberId/verify',
    setup: 'pendingPlumber',
    params: (f) => f.pendingPlumber,
    expected: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/plumbers/:plumberId/reject',
    setup: 'pendingPlumber',
    params: (f) => f.pendingPlumber,
    body: () => ({ reason: 'The license number could not be found in the state register' }),
    expected: ADMIN_ONLY,
  },
  { route: 'GET /api/pricing/catalog', setup: 'none', expected: ADMIN_ONLY },
  { route: 'GET /api/pricing/regions', setup: 'none', expected: ADMIN_ONLY },
  { route: 'GET /api/pricing/modifiers', setup: 'none', expected: ADMIN_ONLY },
  // The admin's pricing edits (every body carries a reason) and their impact preview: admins only.
  {
    route: 'POST /api/admin/pricing/catalog',
    setup: 'pricingRows',
    body: (f) => ({
      issueSlug: `${f.pricingRows.issueSlug}-new`,
      issueName: 'Matrix New Issue',
      baseMin: '90',
      baseMax: '210',
      unit: 'job',
      category: 'Repairs',
      reason: 'Adding a service we now offer',
    }),
    expected: { ...ADMIN_ONLY, admin: 201 },
  },
  {
    route: 'PATCH /api/admin/pricing/catalog/:issueSlug',
    setup: 'pricingRows',
    params: (f) => ({ issueSlug: f.pricingRows.issueSlug }),
    body: () => ({ baseMax: '260', reason: 'Parts cost more this year' }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/pricing/catalog/:issueSlug/retire',
    setup: 'pricingRows',
    params: (f) => ({ issueSlug: f.pricingRows.issueSlug }),
    body: () => ({ reason: 'No longer offered' }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/pricing/regions',
    setup: 'pricingRows',
    body: (f) => ({
      code: `${f.pricingRows.regionCode}N`,
      name: 'Matrix New Metro',
      state: 'CO',
      laborIndex: '1.100',
      materialIndex: '1.050',
      timeZone: 'America/Denver',
      reason: 'Opening a new metro',
    }),
    expected: { ...ADMIN_ONLY, admin: 201 },
  },
  {
    route: 'PATCH /api/admin/pricing/regions/:code',
    setup: 'pricingRows',
    params: (f) => ({ code: f.pricingRows.regionCode }),
    body: () => ({ laborIndex: '1.250', reason: 'Wages rose in this metro' }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/pricing/regions/:code/retire',
    setup: 'pricingRows',
    params: (f) => ({ code: f.pricingRows.regionCode }),
    body: () => ({ reason: 'We left this metro' }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/pricing/modifiers',
    setup: 'pricingRows',
    body: (f) => ({
      key: `${f.pricingRows.issueSlug.replace(/-/g, '_')}_fee`,
      type: 'flat',
      name: 'Matrix fee',
      valuesJson: { amount: 40 },
      reason: 'A new fee',
    }),
    expected: { ...ADMIN_ONLY, admin: 201 },
  },
  {
    route: 'PATCH /api/admin/pricing/modifiers/:modifierId',
    setup: 'pricingRows',
    params: (f) => ({ modifierId: f.pricingRows.modifierId }),
    body: () => ({ valuesJson: { multiplier: 1.15 }, reason: 'Adjusting the surcharge' }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/pricing/modifiers/:modifierId/retire',
    setup: 'pricingRows',
    params: (f) => ({ modifierId: f.pricingRows.modifierId }),
    body: () => ({ reason: 'Dropping this surcharge' }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/pricing/preview',
    setup: 'pricingRows',
    body: (f) => ({
      change: 'updateCatalogItem',
      issueSlug: f.pricingRows.issueSlug,
      values: { baseMax: '300' },
    }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'GET /api/jobs/all',
    setup: 'job:open',
    expected: ADMIN_ONLY,
    reveals: { admin: { homeowner: ['address'], otherHomeowner: ['address'], bystanders: ['address'] } },
  },
  // The payouts ledger, its CSV export and mark-paid name each payout's plumber to the admins.
  {
    route: 'GET /api/admin/payouts',
    setup: 'job:completed',
    expected: ADMIN_ONLY,
    reveals: { admin: { plumber: ['name'] } },
  },
  {
    route: 'GET /api/admin/payouts.csv',
    setup: 'job:completed',
    query: (f) => ({ from: f.pastDate, to: f.futureDate }),
    successType: 'text/csv',
    expected: ADMIN_ONLY,
    reveals: { admin: { plumber: ['name'] } },
  },
  {
    route: 'POST /api/admin/payouts/:payoutId/paid',
    setup: 'job:completed',
    params: (f) => ({ payoutId: completedJobPayout(f) }),
    body: () => ({ reference: 'BANK-REF-2026-0001' }),
    expected: ADMIN_ONLY,
    reveals: { admin: { plumber: ['name'] } },
  },
  // The Queues tab (docs/decisions/031-admin-operations.md). The admin calls requesters: the pending
  // queue shows the homeowner's booking with its name, e-mail, phone and address.
  {
    route: 'GET /api/admin/service-requests',
    setup: 'serviceRequest',
    expected: ADMIN_ONLY,
    reveals: { admin: { homeowner: ['name', 'email', 'phone', 'address'] } },
  },
  {
    route: 'PATCH /api/admin/service-requests/:id',
    setup: 'serviceRequest',
    params: (f) => ({ id: f.serviceRequest.id }),
    body: () => ({ status: 'confirmed', contacted: true, note: 'Called: they will be in all morning' }),
    expected: ADMIN_ONLY,
    reveals: { admin: { homeowner: ['name', 'email', 'phone', 'address'] } },
  },
  {
    route: 'POST /api/admin/service-requests/:id/convert',
    setup: 'guestServiceRequest',
    params: (f) => f.guestServiceRequest,
    body: () => ({}),
    expected: { ...ADMIN_ONLY, admin: 201 },
    reveals: { admin: { homeowner: ['name', 'email', 'phone', 'address'] } },
  },
  // Reports name their reporter to the admins (the homeowner's report, and the plumber's from the
  // cells of POST /api/jobs/:jobId/reports).
  {
    route: 'GET /api/admin/reports',
    setup: 'report',
    expected: ADMIN_ONLY,
    reveals: { admin: { homeowner: ['name', 'email'], plumber: ['name', 'email'] } },
  },
  {
    route: 'PATCH /api/admin/reports/:reportId',
    setup: 'report',
    params: (f) => ({ reportId: f.report.id }),
    body: () => ({ status: 'answered', answer: 'We have spoken to the plumber.', refundAmount: '20.00' }),
    expected: ADMIN_ONLY,
    reveals: { admin: { homeowner: ['name', 'email'] } },
  },

  // Booking: guests may book (docs/product.md#who-may-do-what). The body's contact is the booker's own.
  {
    route: 'GET /api/availability-slots',
    setup: 'none',
    query: (f) => ({ date: f.futureDate }),
    expected: EVERYONE_OK,
  },
  {
    route: 'POST /api/service-requests',
    setup: 'none',
    body: (f) => ({
      name: 'Robin Booker',
      email: f.freshEmail,
      phone: '(720) 555-0166',
      serviceType: 'Drain Cleaning',
      preferredDate: f.futureDate,
      urgency: 'routine',
      description: 'The bathroom sink drains slowly and smells.',
      address: '1550 Larimer St, Denver, CO 80202',
    }),
    expected: EVERYONE_CREATED,
  },
  // A guest's mailed confirmation link (docs/decisions/026-guest-booking-confirmation.md). The matrix's
  // token is unknown: the same 400 for everyone, logged in or not.
  {
    route: 'POST /api/service-requests/confirm',
    setup: 'none',
    body: () => ({ token: 'not-a-token-anybody-was-mailed' }),
    expected: everyone(400),
  },
  // A request made by an account is booked by that account only: 403 "belongs to another account".
  {
    route: 'POST /api/availability-slots/:id/book',
    setup: 'serviceRequest',
    params: (f) => ({ id: f.serviceRequest.slotId }),
    body: (f) => ({ serviceRequestId: f.serviceRequest.id }),
    expected: {
      anonymous: 403,
      homeowner: 200,
      otherHomeowner: 403,
      plumber: 403,
      otherPlumber: 403,
      admin: 403,
    },
  },

  // Marketplace (ADR 011).
  // A homeowner's own jobs; once it accepts a quote, the hired plumber's name and phone (not its
  // e-mail), and no other plumber's: before acceptance a job names no plumber.
  {
    route: 'GET /api/jobs',
    setup: 'job:scheduled',
    expected: USERS_OK,
    reveals: { homeowner: { plumber: ['name', 'phone'] } },
  },
  // Open jobs nearby show the area only: no name, e-mail, phone or street of any homeowner.
  // (Both plumbers are verified; a pending one is refused with 403: server/modules/plumbers/vetting.test.ts.)
  { route: 'GET /api/jobs/nearby', setup: 'job:open', expected: PLUMBERS_ONLY },
  // Every plumber with a service area, verified or not, sees how many: a number, no job.
  { route: 'GET /api/jobs/nearby/count', setup: 'job:open', expected: PLUMBERS_ONLY },
  // The one place a plumber sees a homeowner's contact: jobs it was hired for (quote accepted).
  {
    route: 'GET /api/jobs/assigned',
    setup: 'job:scheduled',
    expected: PLUMBERS_ONLY,
    reveals: { plumber: { homeowner: ['name', 'email', 'phone', 'address'] } },
  },
  {
    route: 'POST /api/jobs/:jobId/accept-quote',
    setup: 'job:quoted',
    params: (f) => ({ jobId: f.job.id }),
    body: (f) => ({ quoteId: f.job.quoteId }),
    expected: {
      anonymous: 401,
      homeowner: 200,
      otherHomeowner: 404,
      plumber: 403,
      otherPlumber: 403,
      admin: 403,
    },
  },
  {
    route: 'PATCH /api/jobs/:jobId/status',
    variant: 'the owner cancels before scheduling',
    setup: 'job:quoted',
    params: (f) => ({ jobId: f.job.id }),
    body: () => ({ status: 'cancelled' }),
    // The plumber only quoted: it is not assigned, so the job is not its business (404).
    expected: {
      anonymous: 401,
      homeowner: 200,
      otherHomeowner: 404,
      plumber: 404,
      otherPlumber: 404,
      admin: 403,
    },
  },
  {
    route: 'PATCH /api/jobs/:jobId/status',
    variant: 'the assigned plumber starts the work',
    setup: 'job:scheduled',
    params: (f) => ({ jobId: f.job.id }),
    body: () => ({ status: 'in_progress' }),
    // The owner may see the job but not run the work: 403.
    expected: {
      anonymous: 401,
      homeowner: 403,
      otherHomeowner: 404,
      plumber: 200,
      otherPlumber: 404,
      admin: 403,
    },
  },
  {
    route: 'POST /api/jobs/:jobId/rating',
    setup: 'job:completed',
    params: (f) => ({ jobId: f.job.id }),
    body: () => ({ stars: 5, comment: 'Quick and tidy work' }),
    expected: {
      anonymous: 401,
      homeowner: 201,
      otherHomeowner: 404,
      plumber: 403,
      otherPlumber: 403,
      admin: 403,
    },
  },
  // Change orders: the hired plumber asks, the owner answers (ADR 015).
  {
    route: 'POST /api/jobs/:jobId/change-orders',
    setup: 'job:scheduled',
    params: (f) => ({ jobId: f.job.id }),
    body: () => ({ amount: 80, reason: 'The shut-off valve is corroded and must be replaced' }),
    expected: {
      anonymous: 401,
      homeowner: 403,
      otherHomeowner: 403,
      plumber: 201,
      otherPlumber: 404,
      admin: 403,
    },
  },
  ...(['approve', 'decline'] as const).map((decision): RouteCase => ({
    route: `POST /api/jobs/:jobId/change-orders/:changeOrderId/${decision}`,
    setup: 'job:change_requested',
    params: (f) => ({ jobId: f.job.id, changeOrderId: pendingChangeOrder(f) }),
    expected: {
      anonymous: 401,
      homeowner: 200,
      otherHomeowner: 404,
      plumber: 403,
      otherPlumber: 403,
      admin: 403,
    },
  })),
  // Reschedule and cancel: the homeowner and the hired plumber only (docs/decisions/029-appointments.md).
  {
    route: 'POST /api/jobs/:jobId/reschedule',
    setup: 'job:scheduled',
    params: (f) => ({ jobId: f.job.id }),
    body: (f) => f.job.spareWindow,
    expected: {
      anonymous: 401,
      homeowner: 201,
      otherHomeowner: 404,
      plumber: 201,
      otherPlumber: 404,
      admin: 403,
    },
  },
  ...(['accept', 'decline'] as const).map((decision): RouteCase => ({
    route: `POST /api/jobs/:jobId/reschedule/:proposalId/${decision}`,
    setup: 'job:reschedule_proposed',
    params: (f) => ({ jobId: f.job.id, proposalId: pendingProposal(f) }),
    expected: {
      anonymous: 401,
      homeowner: 200,
      otherHomeowner: 404,
      plumber: 403,
      otherPlumber: 404,
      admin: 403,
    },
  })),
  {
    route: 'POST /api/jobs/:jobId/appointment/cancel',
    setup: 'job:scheduled',
    params: (f) => ({ jobId: f.job.id }),
    body: () => ({ reason: 'Something came up' }),
    expected: {
      anonymous: 401,
      homeowner: 200,
      otherHomeowner: 404,
      plumber: 200,
      otherPlumber: 404,
      admin: 403,
    },
  },
  {
    route: 'POST /api/quotes',
    setup: 'job:open',
    body: (f) => ({ jobId: f.job.id, minTotal: 150, maxTotal: 300 }),
    expected: {
      anonymous: 401,
      homeowner: 403,
      otherHomeowner: 403,
      plumber: 201,
      otherPlumber: 201,
      admin: 403,
    },
  },
  // The owner and the admin see every quote with the plumber's name (no phone, no e-mail before a
  // quote is accepted); a plumber only its own ([]).
  {
    route: 'GET /api/quotes/job/:jobId',
    setup: 'job:quoted',
    params: (f) => ({ jobId: f.job.id }),
    expected: { ...USERS_OK, otherHomeowner: 404 },
    reveals: { homeowner: { plumber: ['name'] }, admin: { plumber: ['name'] } },
  },
  {
    route: 'GET /api/quotes/plumber/:plumberId',
    setup: 'job:quoted',
    params: (f) => ({ plumberId: f.plumber.plumberId }),
    expected: {
      anonymous: 401,
      homeowner: 403,
      otherHomeowner: 403,
      plumber: 200,
      otherPlumber: 403,
      admin: 200,
    },
  },

  // The job room: the owner, plumbers who may quote or took part (the area only: no street, no
  // contacts), the hired plumber (the homeowner's name, phone and address) and admins.
  {
    route: 'GET /api/jobs/:jobId',
    variant: 'open for quotes',
    setup: 'job:quoted',
    params: (f) => ({ jobId: f.job.id }),
    expected: { ...USERS_OK, otherHomeowner: 404 },
    reveals: {
      homeowner: { plumber: ['name'] },
      admin: { plumber: ['name'], homeowner: ['name', 'phone', 'address'] },
    },
  },
  {
    route: 'GET /api/jobs/:jobId',
    variant: 'after the quote is accepted',
    setup: 'job:scheduled',
    params: (f) => ({ jobId: f.job.id }),
    // The other plumber never took part and may no longer quote: not his business.
    expected: { ...USERS_OK, otherHomeowner: 404, otherPlumber: 404 },
    reveals: {
      homeowner: { plumber: ['name', 'phone'] },
      plumber: { homeowner: ['name', 'phone', 'address'] },
      admin: { plumber: ['name', 'phone'], homeowner: ['name', 'phone', 'address'] },
    },
  },

  // The owner's photos of an open job (docs/product.md#the-job-room-messages-and-notifications): a guard on the role (plumbers and admins
  // 403), then the job is the owner's (another homeowner 404). The photo is a real 1 × 1 PNG.
  {
    route: 'POST /api/jobs/:jobId/photos',
    setup: 'job:open',
    params: (f) => ({ jobId: f.job.id }),
    body: () => ({ imageUrls: [TINY_PNG_DATA_URL] }),
    expected: {
      anonymous: 401,
      homeowner: 201,
      otherHomeowner: 404,
      plumber: 403,
      otherPlumber: 403,
      admin: 403,
    },
  },
  {
    route: 'DELETE /api/jobs/:jobId/photos/:photoId',
    setup: 'job:open',
    params: (f) => ({ jobId: f.job.id, photoId: f.job.photoId }),
    expected: {
      anonymous: 401,
      homeowner: 200,
      otherHomeowner: 404,
      plumber: 403,
      otherPlumber: 403,
      admin: 403,
    },
  },

  // Job messages: one thread per plumber. The owner and the admin read them all, with each plumber's
  // name (as next to quotes); a plumber his own — the other plumber works in the area and may ask
  // before quoting, so he gets his own, empty thread. Admins watch; they do not write (403).
  {
    route: 'GET /api/jobs/:jobId/messages',
    setup: 'job:quoted',
    params: (f) => ({ jobId: f.job.id }),
    expected: { ...USERS_OK, otherHomeowner: 404 },
    reveals: { homeowner: { plumber: ['name'] }, admin: { plumber: ['name'] } },
  },
  // The owner names the quoting plumber's thread; a plumber's plumberId is ignored (his own thread).
  {
    route: 'POST /api/jobs/:jobId/messages',
    setup: 'job:quoted',
    params: (f) => ({ jobId: f.job.id }),
    body: (f) => ({ body: 'Is the shut-off valve under the sink?', plumberId: f.plumber.plumberId }),
    expected: {
      anonymous: 401,
      homeowner: 201,
      otherHomeowner: 404,
      plumber: 201,
      otherPlumber: 201,
      admin: 403,
    },
  },

  // Problem reports: the job's homeowner and the plumber involved (quoted or hired); another homeowner
  // or plumber 404 (the job is not theirs), admins 403 (they answer in the Queues tab, they do not report).
  {
    route: 'POST /api/jobs/:jobId/reports',
    setup: 'job:quoted',
    params: (f) => ({ jobId: f.job.id }),
    body: () => ({ reason: 'no_show', details: 'Nobody came at the agreed time.' }),
    expected: {
      anonymous: 401,
      homeowner: 201,
      otherHomeowner: 404,
      plumber: 201,
      otherPlumber: 404,
      admin: 403,
    },
  },
  {
    route: 'GET /api/jobs/:jobId/reports',
    setup: 'report',
    params: (f) => ({ jobId: f.report.jobId }),
    expected: {
      anonymous: 401,
      homeowner: 200,
      otherHomeowner: 404,
      plumber: 200,
      otherPlumber: 404,
      admin: 403,
    },
  },

  // Plumber profiles and ratings.
  // Re-sets the plumber's own area to what the fixtures gave it, so later cases see the same jobs.
  {
    route: 'PUT /api/plumbers/me/location',
    setup: 'none',
    body: () => ({ zip: '80202', serviceRadiusKm: 30 }),
    expected: PLUMBERS_ONLY,
  },
  // Plumbers get past the guard to the service, which refuses lapsed insurance (400): a valid
  // submission would put the matrix's verified plumbers back in the queue for every later cell.
  {
    route: 'PUT /api/plumbers/me/onboarding',
    setup: 'none',
    body: (f) => ({
      businessName: 'Matrix Plumbing',
      licenseNumber: 'M-12345',
      licenseState: 'CO',
      insuranceExpiresOn: f.pastDate,
    }),
    expected: { ...PLUMBERS_ONLY, plumber: 400, otherPlumber: 400 },
  },
  // A plumber's own working hours and calendar (docs/decisions/029-appointments.md). Quotes in the
  // matrix propose no window, so the hours set here decide nothing for later cells.
  { route: 'GET /api/plumbers/me/availability', setup: 'none', expected: PLUMBERS_ONLY },
  {
    route: 'PUT /api/plumbers/me/availability',
    setup: 'none',
    // Every day, all day: the matrix's scheduled jobs book windows at any hour (server/access-matrix.test.ts).
    body: (f) => ({
      weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      daysOff: [f.futureDate],
    }),
    expected: PLUMBERS_ONLY,
  },
  {
    route: 'GET /api/plumbers/me/appointments',
    setup: 'job:scheduled',
    query: (f) => ({ from: f.pastDate, to: f.futureDate }),
    expected: PLUMBERS_ONLY,
  },
  // Anyone but the user or an admin is told the profile does not exist.
  {
    route: 'GET /api/plumbers/user/:userId',
    setup: 'none',
    params: (f) => ({ userId: f.plumber.userId }),
    expected: {
      anonymous: 401,
      homeowner: 404,
      otherHomeowner: 404,
      plumber: 200,
      otherPlumber: 404,
      admin: 200,
    },
  },
  {
    route: 'GET /api/plumbers/:plumberId/ratings',
    setup: 'none',
    params: (f) => ({ plumberId: f.plumber.plumberId }),
    expected: USERS_OK,
  },
  {
    route: 'GET /api/plumbers/:plumberId/average-rating',
    setup: 'none',
    params: (f) => ({ plumberId: f.plumber.plumberId }),
    expected: USERS_OK,
  },

  // The appointment as a calendar file: the job's two parties only (docs/decisions/030-calendar-files-and-reminders.md).
  {
    route: 'GET /api/jobs/:jobId/appointment.ics',
    setup: 'job:scheduled',
    successType: 'text/calendar',
    params: (f) => ({ jobId: f.job.id }),
    expected: {
      anonymous: 401,
      homeowner: 200,
      otherHomeowner: 404,
      plumber: 200,
      otherPlumber: 404,
      admin: 404,
    },
    reveals: {
      homeowner: { plumber: ['name'] },
      plumber: { homeowner: ['name', 'address'] },
    },
  },

  // Notifications: each user's own, and the choice of which are mailed.
  { route: 'GET /api/notifications', setup: 'job:quoted', expected: USERS_OK },
  { route: 'POST /api/notifications/read', setup: 'none', body: () => ({ all: true }), expected: USERS_OK },
  { route: 'GET /api/account/notifications', setup: 'none', expected: USERS_OK },
  {
    route: 'PATCH /api/account/notifications',
    setup: 'none',
    body: () => ({ email: { new_quote: true } }),
    expected: USERS_OK,
  },

  // Live events (docs/decisions/027-live-events.md): each logged-in user's own events, any role.
  { route: 'GET /api/events', setup: 'none', stream: true, expected: USERS_OK },

  // The developer mailbox (ADR 022): mounted only where config.mail.devMailbox is true (the test
  // app runs on loopback with the embedded default), and then a tool for whoever is at the machine:
  // every caller gets it. The fresh address has no mail, so no one's details are shown here.
  {
    route: 'GET /api/dev/mailbox',
    setup: 'none',
    query: (f) => ({ to: f.freshEmail }),
    expected: EVERYONE_OK,
  },
  { route: 'GET /dev/mailbox', setup: 'none', query: (f) => ({ to: f.freshEmail }), expected: EVERYONE_OK },
];

/** `POST /api/jobs/:jobId/accept-quote` with its params filled in. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}

/** The label of a case in test names: `PATCH /api/jobs/:jobId/status (the owner cancels …)`. */
export const caseLabel = (entry: RouteCase) =>
  entry.variant ? `${entry.route} (${entry.variant})` : entry.route;
