import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNearbyCursor } from '@shared/contracts/jobs';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { tokenFromMail, tokenOfLink, waitForMail } from './modules/auth/account-tokens.fixtures';
import { DIAGNOSIS_BODY_LIMIT_BYTES } from './modules/diagnosis/diagnosis.routes';
import {
  acceptQuote,
  createJob,
  DEMO_ADMIN,
  loginAdmin,
  PASSWORD,
  registerActor,
  registerPlumber,
  sendQuote,
  setStatus,
  type Actor,
} from './modules/jobs/marketplace.fixtures';
import {
  bodyText,
  jsonArray,
  jsonString,
  jsonValueText,
  pathSegment,
  queryString,
} from './test/fuzz-arbitraries';
import { listRoutes } from './test/list-routes';
import { photoLike } from './test/photos';
import { readEventStreamStart } from './test/sse-client';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from './test/test-context';

/**
 * Property-based fuzzing of every route that takes a body (POST/PUT/PATCH) and of every GET route's
 * query string and path parameters. Each run sends one hostile or near-valid request as
 * an actor who gets past the route's guard (sometimes anonymously) and checks: no 5xx, a JSON
 * answer, `{ error, code }` strings on errors, and no prototype pollution. Each run uses a new
 * random seed; a failure prints its seed and path. To replay one:
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run server/fuzz.test.ts -t '<route>'
 */

/**
 * Runs per POST/PUT/PATCH route and per GET route with query parameters. CI runs this file on both
 * databases, each with its own fresh seed, so every CI run still sends 200 new cases per route.
 */
const RUNS = 100;
/** GET routes without parameters only see junk query strings: fewer runs. */
const RUNS_PLAIN_GET = 10;
/** GET routes with path parameters but no query parameters. */
const RUNS_PATH_GET = 50;
/** Under Node's 16 kB limit for the request line and headers. */
const MAX_URL_LENGTH = 12_000;
/** Replays a reported failure (see above); unset, fast-check picks a fresh seed each run. */
const REPLAY: Partial<fc.Parameters<unknown>> = process.env.FUZZ_SEED
  ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH }
  : {};

/** `newAccount`: an account registered for that one request, which may change or delete it freely. */
type ActorName =
  | 'anonymous'
  | 'homeowner'
  | 'plumber'
  | 'locationPlumber'
  | 'onboardingPlumber'
  | 'admin'
  | 'freshSession'
  | 'newAccount';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Fixtures {
  homeowner: Actor;
  plumberId: string;
  plumberUserId: string;
  homeownerEmail: string;
  /** Logged in afresh before each logged-in logout run, so logging out never ends another actor's session. */
  logoutUser: { email: string; password: string };
  /** Unused verification links of accounts no actor uses (a resend would replace an actor's). */
  verifyTokens: string[];
  /** An unused reset link of an account no actor uses: confirming it ends that account's sessions. */
  resetToken: string;
  /** Plumbers waiting for review (not the actors): the admin verifies and rejects them. */
  reviewPlumberIds: string[];
  /** Accounts no actor uses, for the People routes: suspended, reinstated (suspended first) and given roles. */
  suspendTargetIds: string[];
  reinstateTargetIds: string[];
  roleTargetIds: string[];
  /** Open jobs of the homeowner, near the plumber: POST /api/quotes. */
  quoteJobIds: string[];
  /** Jobs with a pending quote from the plumber: POST /api/jobs/:jobId/accept-quote. */
  quotedJobs: { jobId: string; quoteId: string }[];
  /** Jobs at each stage of the lifecycle, for PATCH /api/jobs/:jobId/status. */
  openJobIds: string[];
  scheduledJobIds: string[];
  inProgressJobIds: string[];
  /**
   * Pricing rows the fuzzing made for itself (the admin's pricing routes): its edits and retirements
   * never touch the seeded catalogue, regions and modifiers the other templates price with.
   */
  pricing: { issueSlugs: string[]; regionCodes: string[]; modifierIds: string[] };
  /** Completed jobs: POST /api/jobs/:jobId/rating. */
  completedJobIds: string[];
  /** Pending payouts of other completed jobs: POST /api/admin/payouts/:payoutId/paid (each is paid once). */
  payoutIds: string[];
  /** Scheduled jobs of the plumber: POST /api/jobs/:jobId/change-orders. */
  changeOrderJobIds: string[];
  /** Scheduled jobs with a booked appointment, and a free future window: POST /api/jobs/:jobId/reschedule. */
  rescheduleJobIds: string[];
  spareWindow: { startsAt: string; endsAt: string };
  /** The plumber's pending reschedule proposals, one list per decision route (each is answered once). */
  acceptableProposals: { jobId: string; proposalId: string }[];
  declinableProposals: { jobId: string; proposalId: string }[];
  /** Scheduled jobs with a booked appointment, for POST /api/jobs/:jobId/appointment/cancel. */
  cancellableJobIds: string[];
  /** Pending change orders, one list per decision route (each is answered once). */
  approvableChangeOrders: { jobId: string; changeOrderId: string }[];
  declinableChangeOrders: { jobId: string; changeOrderId: string }[];
  slotDate: string;
  slotIds: string[];
  /** Guests' service requests on slotDate, not booked yet: POST /api/availability-slots/:id/book. */
  guestRequestIds: string[];
  /** The confirmation links mailed for those requests: POST /api/service-requests/confirm. */
  bookingConfirmTokens: string[];
  /** Guests' requests the admin handles in the queue (PATCH /api/admin/service-requests/:id). */
  queueRequestIds: string[];
  /** Guests' requests with the e-mail of a verified homeowner: each converts into a job once. */
  convertibleRequestIds: string[];
  /** Open reports of the homeowner on its quoted jobs: PATCH /api/admin/reports/:reportId. */
  reportIds: string[];
  jpegDataUrl: string;
  /** A small real PNG, as a data URL: what POST /api/jobs/:jobId/photos sends when it should succeed. */
  pngDataUrl: string;
  /** Open jobs of the homeowner that receive photos (each holds at most five). */
  photoJobIds: string[];
  /** Photos on open jobs of the homeowner: DELETE /api/jobs/:jobId/photos/:photoId (each goes once). */
  jobPhotos: { jobId: string; photoId: string }[];
  /** Tailored broken photos for POST /api/diagnose and POST /api/jobs/:jobId/photos. */
  imageDataUrls: string[];
  mediaFiles: string[];
}

/** What one request of a route looks like when it should succeed. */
interface Template {
  actor?: ActorName;
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

interface BodyRouteSpec {
  /** Actors who get past the route's guard (anonymous runs are added to every route). */
  actors: ActorName[];
  valid: (fx: Fixtures) => fc.Arbitrary<Template>;
  /** Per-field value generators mixed into the near-valid bodies. */
  special?: (fx: Fixtures) => Record<string, fc.Arbitrary<string>>;
  /** Known values of the path parameters, so odd ones are mixed with ones the handler finds. */
  knownIds?: (fx: Fixtures) => string[];
}

interface GetRouteSpec {
  /** The query parameters the handler reads, exactly (checked against what it really reads). */
  query: readonly string[];
  actors: ActorName[];
  valid: (fx: Fixtures) => Template;
  knownIds?: (fx: Fixtures) => string[];
  /** The content type of a successful answer when it is not JSON (a photo). */
  successType?: RegExp;
}

const uniqueEmailArb = fc.tuple(fc.uuid(), fc.constantFrom('', ' ', 'UPPER')).map(([id, twist]) => {
  const email = `fuzz.${id}@example.test`;
  return twist === 'UPPER' ? email.toUpperCase() : `${twist}${email}${twist}`;
});

/** The date `days` ahead on the app's clock: the test app runs with the default APP_TIME_ZONE. */
const dayFromToday = (days: number) => dayFromTodayIn(DEFAULT_APP_TIME_ZONE, days);

const SERVICE_ADDRESS = '1701 Wynkoop St, Denver, CO 80202';

const bookingBody = (preferredDate: string, email: string) => ({
  name: 'Fuzz Tester',
  email,
  phone: '(303) 555-0100',
  serviceType: 'Drain Cleaning',
  preferredDate,
  urgency: 'routine',
  description: 'The kitchen sink drains very slowly and gurgles.',
  address: SERVICE_ADDRESS,
  issueSlug: 'clogged-drain',
});

const dateText = fc.oneof(
  fc.constantFrom(
    '2025-02-30',
    '0000-00-00',
    '9999-12-31',
    '1970-01-01',
    '2024-02-29',
    '+275760-09-13',
    '2030-1-5',
    ' 2030-01-05 ',
    '2030-01-05T00:00:00Z',
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
);

/** Bodies of the fuzzing's own pricing rows (fx.pricing) and of the creations' templates. */
const FUZZ_ITEM = {
  issueName: 'Fuzz Issue',
  baseMin: '100',
  baseMax: '300',
  unit: 'job',
  category: 'Repairs',
};
const FUZZ_REGION = {
  name: 'Fuzz Metro',
  state: 'CO',
  laborIndex: '1.100',
  materialIndex: '1.050',
  timeZone: 'America/Denver',
};
const FUZZ_MODIFIER = { type: 'multiplier', name: 'Fuzz surcharge', valuesJson: { multiplier: 1.2 } };

const moneyText = fc.oneof(
  jsonValueText(),
  fc.constantFrom(
    '"150"',
    '"150.005"',
    '" 99.99 "',
    '"1e3"',
    '"0x10"',
    '"99999999.99"',
    '"100000000"',
    '99999999.994',
    '0.001',
    '1e-7',
    '"-0"',
    '"."',
    '"1."',
    '".5"',
  ),
);

/** Near-miss values of the pricing edits' fields. */
const PRICING_SPECIALS: Record<string, fc.Arbitrary<string>> = {
  issueSlug: fc.constantFrom('"Leaky Faucet"', '"leaky--faucet"', '"-x"', '""', '"leaky-faucet"'),
  code: fc.constantFrom('"us"', '"1AB"', '"ABCDEFGHIJK"', '"N Y"', '""', '"US"', '"NYC"'),
  key: fc.constantFrom('"urgency"', '"After Hours"', '"_x"', '"x"', '""'),
  type: fc.constantFrom('"flat"', '"Multiplier"', '"percent"', 'null'),
  unit: fc.constantFrom('"per job"', '"JOB"', '"linear_ft"', '"_"', '""'),
  timeZone: fc.constantFrom(
    '"Mars/Olympus"',
    '"+05:00"',
    '"utc"',
    '"America/New_York "',
    '"Etc/GMT+5"',
    '""',
  ),
  laborIndex: fc.constantFrom('"0"', '"0.0005"', '"100"', '"99.999"', '1e-9', '"-1"', '"1.2345"'),
  materialIndex: fc.constantFrom('"0.001"', '"1,5"', '"  1.5 "', 'null', '[]'),
  valuesJson: fc.constantFrom(
    '{}',
    '{"multiplier":0}',
    '{"multiplier":10.0001}',
    '{"amount":150}',
    '{"multiplier":"1.5"}',
    '{"routine":1,"urgent":1.2,"emergency":1.5}',
    '{"__proto__":{"polluted":1}}',
    '{"multiplier":1e308}',
  ),
  isActive: fc.constantFrom('false', '"true"', '1', 'null'),
  reason: fc.constantFrom('ab', '   abc   ', 'x'.repeat(500), 'x'.repeat(501), 'why\u0000').map(jsonString),
  baseMin: moneyText,
  baseMax: moneyText,
};

/**
 * A JSON list of photos as the photo routes receive them: mostly one tailored broken photo (so the
 * first bad photo of many does not hide the others), random bytes under an image label, random text.
 */
function photoListText(fx: Fixtures): fc.Arbitrary<string> {
  const photoText = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fx.imageDataUrls).map(jsonString) },
    { weight: 1, arbitrary: jsonValueText() },
    // Random bytes under an image label, and random text as base64.
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/gif'),
          fc.uint8Array({ maxLength: 300 }),
          fc.constantFrom(
            [],
            [0xff, 0xd8, 0xff],
            [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
            [...Buffer.from('RIFF\0\0\0\0WEBP')],
          ),
        )
        .map(([type, bytes, magic]) =>
          jsonString(`data:${type};base64,${Buffer.from([...magic, ...bytes]).toString('base64')}`),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'binary', maxLength: 200 })
        .map((text) => jsonString(`data:image/jpeg;base64,${text}`)),
    },
  );
  return fc
    .oneof(
      { weight: 3, arbitrary: photoText.map((photo) => [photo]) },
      { weight: 1, arbitrary: fc.array(photoText, { maxLength: 7 }) },
    )
    .map(jsonArray);
}

const BODY_ROUTES: Record<string, BodyRouteSpec> = {
  'POST /api/diagnose': {
    actors: ['anonymous', 'homeowner'],
    valid: (fx) =>
      fc.constantFrom(
        {
          body: {
            description: 'The kitchen sink is blocked and will not drain',
            location: 'kitchen',
            urgency: 'routine',
            imageUrls: [fx.jpegDataUrl],
            zip: '78704',
          },
        },
        {
          body: {
            description: 'Water is spraying from a burst pipe in the basement ceiling',
            location: 'basement',
            urgency: 'emergency',
          },
        },
      ),
    special: (fx) => ({
      imageUrls: photoListText(fx),
      description: fc.oneof(
        jsonValueText(),
        fc
          .constantFrom('constructor', 'Constructor toString', '__proto__ prototype valueOf toilet')
          .map((words) => jsonString(`${words} leaks under the sink`)),
        fc.constantFrom(5_001, 200_000).map((length) => jsonString('drip '.repeat(length / 5))),
      ),
      zip: fc.constantFrom('"00000"', '"99999"', '"8020"', '"80202-1234"', '80202', '" 80202 "'),
    }),
  },
  'POST /api/jobs/:jobId/photos': {
    actors: ['homeowner'],
    valid: (fx) =>
      fc.constantFrom(...fx.photoJobIds).map((jobId) => ({
        actor: 'homeowner' as const,
        params: { jobId },
        body: { imageUrls: [fx.pngDataUrl] },
      })),
    special: (fx) => ({ imageUrls: photoListText(fx) }),
    knownIds: (fx) => [...fx.photoJobIds, ...fx.completedJobIds, ...fx.openJobIds],
  },
  'DELETE /api/jobs/:jobId/photos/:photoId': {
    actors: ['homeowner'],
    // Each photo goes once; the runs after that meet 404s, and the odd ids below.
    valid: (fx) =>
      fc.constantFrom(...fx.jobPhotos).map(({ jobId, photoId }) => ({
        actor: 'homeowner' as const,
        params: { jobId, photoId },
      })),
    knownIds: (fx) => [
      ...fx.jobPhotos.flatMap(({ jobId, photoId }) => [jobId, photoId]),
      ...fx.photoJobIds,
      ...fx.completedJobIds,
    ],
  },
  'POST /api/auth/login': {
    actors: ['anonymous'],
    valid: (fx) =>
      fc.constantFrom(
        { body: { email: fx.homeownerEmail, password: PASSWORD } },
        { body: { email: ` ${fx.homeownerEmail.toUpperCase()} `, password: PASSWORD } },
        { body: { email: fx.homeownerEmail, password: `${PASSWORD}x` } },
        { body: { email: 'nobody@example.test', password: PASSWORD } },
      ),
    special: () => ({
      password: fc
        .constantFrom('é'.repeat(100), 'x'.repeat(10_000), '\u0000', '"\\ud800"')
        .map((text) => (text.startsWith('"') ? text : jsonString(text))),
    }),
  },
  'POST /api/auth/register': {
    actors: ['anonymous'],
    valid: () =>
      fc
        .tuple(uniqueEmailArb, fc.constantFrom('homeowner', 'plumber'))
        .map(([email, role]) => ({ body: { email, password: 'brass-fitting-1', role } })),
    special: () => ({
      role: fc.constantFrom('"admin"', '"Admin"', '"homeowner "', '["plumber"]', 'null'),
      password: fc
        .constantFrom('€'.repeat(24), '€'.repeat(25), '1234567', '\u0000'.repeat(8))
        .map(jsonString),
    }),
  },
  'POST /api/auth/logout': {
    actors: ['freshSession'],
    // A fresh login costs more than the logout itself: half the runs log out an anonymous client.
    valid: () =>
      fc.constantFrom<Template>({ actor: 'freshSession', body: {} }, { actor: 'anonymous', body: {} }),
  },
  'POST /api/auth/verify-email': {
    actors: ['anonymous', 'homeowner'],
    valid: (fx) => fc.constantFrom(...fx.verifyTokens).map((token) => ({ body: { token } })),
    special: (fx) => ({
      token: fc
        .constantFrom(
          fx.resetToken,
          fx.verifyTokens[0].toUpperCase(),
          'A'.repeat(43),
          'A'.repeat(10_000),
          ' ',
        )
        .map(jsonString),
    }),
  },
  'POST /api/auth/verify-email/resend': {
    actors: ['homeowner', 'plumber'],
    valid: () => fc.constant<Template>({ actor: 'homeowner', body: {} }),
  },
  'POST /api/auth/password-reset': {
    actors: ['anonymous'],
    // Unknown addresses, and a known one (another reset of the homeowner only mails it a link).
    valid: (fx) =>
      fc.oneof(
        uniqueEmailArb.map((email) => ({ body: { email } })),
        fc.constant({ body: { email: ` ${fx.homeownerEmail.toUpperCase()}` } }),
      ),
  },
  'POST /api/auth/password-reset/confirm': {
    actors: ['anonymous'],
    valid: (fx) => fc.constant({ body: { token: fx.resetToken, password: 'copper-elbow-2' } }),
    special: (fx) => ({
      token: fc.constantFrom(...fx.verifyTokens, 'A'.repeat(43), '\u0000').map(jsonString),
      password: fc.constantFrom('€'.repeat(25), '1234567', '\u0000'.repeat(8)).map(jsonString),
    }),
  },
  'POST /api/availability-slots/:id/book': {
    actors: ['anonymous', 'homeowner'],
    valid: (fx) =>
      fc
        .tuple(fc.constantFrom(...fx.slotIds), fc.constantFrom(...fx.guestRequestIds))
        .map(([id, serviceRequestId]) => ({ params: { id }, body: { serviceRequestId } })),
    special: (fx) => ({
      serviceRequestId: fc.constantFrom(...fx.slotIds, ...fx.quoteJobIds).map(jsonString),
    }),
    knownIds: (fx) => [...fx.slotIds, ...fx.guestRequestIds],
  },
  'POST /api/service-requests': {
    actors: ['anonymous', 'homeowner'],
    valid: (fx) =>
      fc
        .tuple(uniqueEmailArb, fc.option(fc.constantFrom(...fx.slotIds), { nil: undefined }))
        .map(([email, slotId]) => ({
          body: slotId ? { ...bookingBody(fx.slotDate, email), slotId } : bookingBody(fx.slotDate, email),
        })),
    special: (fx) => ({
      slotId: fc.constantFrom(...fx.slotIds, ...fx.guestRequestIds, ...fx.quoteJobIds).map(jsonString),
      preferredDate: dateText.map(jsonString),
      address: fc
        .constantFrom('No ZIP here', 'Somewhere 00000', 'Box 99999', `${SERVICE_ADDRESS}\u0000`, '80202')
        .map(jsonString),
      issueSlug: fc.constantFrom('"no-such-issue"', '"a--b"', '"-a"', `"${'a'.repeat(101)}"`).map(String),
      phone: fc.constantFrom('"+1 (303) 555-0100 ext. 5"', '"１２３４５６７８９０"', '"0000000000"'),
    }),
  },
  'POST /api/service-requests/confirm': {
    actors: ['anonymous', 'homeowner'],
    valid: (fx) => fc.constantFrom(...fx.bookingConfirmTokens).map((token) => ({ body: { token } })),
    special: (fx) => ({
      token: fc
        .constantFrom(
          fx.verifyTokens[0],
          fx.bookingConfirmTokens[0].toUpperCase(),
          'A'.repeat(43),
          'A'.repeat(10_000),
          ' ',
        )
        .map(jsonString),
    }),
  },
  // The Queues tab: a call with a note always succeeds; status moves succeed once per request.
  'PATCH /api/admin/service-requests/:id': {
    actors: ['admin'],
    valid: (fx) =>
      fc
        .tuple(
          fc.constantFrom(...fx.queueRequestIds),
          fc.constantFrom<Record<string, unknown>>(
            { contacted: true, note: 'Called: no answer, will try again' },
            { status: 'confirmed', note: 'Confirmed on the phone' },
            { status: 'cancelled', cancellationReason: 'The requester no longer needs the visit' },
            { status: 'completed' },
          ),
        )
        .map(([id, body]) => ({ actor: 'admin' as const, params: { id }, body })),
    special: () => ({
      status: fc.constantFrom('"pending"', '"CONFIRMED"', '"cancelled "', '"done"', 'null', '["confirmed"]'),
      contacted: fc.constantFrom('false', '"true"', '1', 'null'),
      note: fc
        .constantFrom('   ', 'x'.repeat(1000), 'x'.repeat(1001), 'note\u0000', '__proto__')
        .map(jsonString),
      cancellationReason: fc
        .constantFrom('ab', '   abc   ', 'x'.repeat(500), 'x'.repeat(501), 'why\u0000')
        .map(jsonString),
    }),
    knownIds: (fx) => [...fx.queueRequestIds, ...fx.convertibleRequestIds, ...fx.slotIds],
  },
  'POST /api/admin/service-requests/:id/convert': {
    actors: ['admin'],
    valid: (fx) =>
      fc.constantFrom(...fx.convertibleRequestIds).map((id) => ({
        actor: 'admin' as const,
        params: { id },
        body: { note: 'Called; happy for plumbers to quote' },
      })),
    special: () => ({
      note: fc.constantFrom('', '   ', 'x'.repeat(1001), 'note\u0000').map(jsonString),
    }),
    knownIds: (fx) => [...fx.convertibleRequestIds, ...fx.queueRequestIds, ...fx.guestRequestIds],
  },
  // Each report takes the homeowner's three open places on its job at most; later runs meet 409.
  'POST /api/jobs/:jobId/reports': {
    actors: ['homeowner', 'plumber'],
    valid: (fx) =>
      fc
        .tuple(
          fc.constantFrom(...fx.quotedJobs.map((quoted) => quoted.jobId), ...fx.scheduledJobIds),
          fc.constantFrom('homeowner' as const, 'plumber' as const),
        )
        .map(([jobId, actor]) => ({
          actor,
          params: { jobId },
          body: { reason: 'no_show', details: 'Nobody came at the agreed time.' },
        })),
    special: () => ({
      reason: fc.constantFrom('"NO_SHOW"', '"refund"', '""', 'null', '["other"]'),
      details: fc
        .constantFrom('too short', ` ${'d'.repeat(2000)} `, 'd'.repeat(2001), 'leak\u0000', '__proto__')
        .map(jsonString),
    }),
    knownIds: (fx) => [...fx.quotedJobs.map((quoted) => quoted.jobId), ...fx.openJobIds, fx.plumberId],
  },
  'PATCH /api/admin/reports/:reportId': {
    actors: ['admin'],
    valid: (fx) =>
      fc
        .tuple(
          fc.constantFrom(...fx.reportIds),
          fc.constantFrom<Record<string, unknown>>(
            { status: 'answered', answer: 'We have spoken to the plumber.', refundAmount: '20.50' },
            { status: 'closed', refundAmount: 0 },
            { status: 'closed', answer: 'Closed: the plumber came back.' },
          ),
        )
        .map(([reportId, body]) => ({ actor: 'admin' as const, params: { reportId }, body })),
    special: () => ({
      refundAmount: moneyText,
      status: fc.constantFrom('"open"', '"ANSWERED"', '"closed "', 'null'),
      answer: fc
        .constantFrom('ab', '   abc   ', 'x'.repeat(2000), 'x'.repeat(2001), 'ok\u0000')
        .map(jsonString),
    }),
    knownIds: (fx) => fx.reportIds,
  },
  'POST /api/jobs/:jobId/accept-quote': {
    actors: ['homeowner'],
    valid: (fx) =>
      fc
        .constantFrom(...fx.quotedJobs)
        .map(({ jobId, quoteId }) => ({ actor: 'homeowner' as const, params: { jobId }, body: { quoteId } })),
    special: (fx) => ({
      quoteId: fc
        .constantFrom(...fx.quotedJobs.map((quoted) => quoted.quoteId), ...fx.openJobIds)
        .map(jsonString),
    }),
    knownIds: (fx) => [...fx.quotedJobs.map((quoted) => quoted.jobId), ...fx.openJobIds],
  },
  'PATCH /api/jobs/:jobId/status': {
    actors: ['homeowner', 'plumber'],
    valid: (fx) =>
      fc.oneof(
        fc.constantFrom(...fx.openJobIds).map((jobId) => ({
          actor: 'homeowner' as const,
          params: { jobId },
          body: { status: 'cancelled', notes: 'No longer needed' },
        })),
        fc.constantFrom(...fx.scheduledJobIds).map((jobId) => ({
          actor: 'plumber' as const,
          params: { jobId },
          body: { status: 'in_progress' },
        })),
        fc.constantFrom(...fx.inProgressJobIds).map((jobId) => ({
          actor: 'plumber' as const,
          params: { jobId },
          body: { status: 'completed', finalAmount: '235.50', notes: 'Replaced the trap' },
        })),
      ),
    special: () => ({
      finalAmount: moneyText,
      status: fc.constantFrom('"requested"', '"scheduled"', '"draft"', '"COMPLETED"', '"completed "'),
    }),
    knownIds: (fx) => [
      ...fx.openJobIds,
      ...fx.scheduledJobIds,
      ...fx.inProgressJobIds,
      ...fx.completedJobIds,
    ],
  },
  'POST /api/jobs/:jobId/rating': {
    actors: ['homeowner'],
    valid: (fx) =>
      fc
        .tuple(fc.constantFrom(...fx.completedJobIds), fc.integer({ min: 1, max: 5 }))
        .map(([jobId, stars]) => ({
          actor: 'homeowner' as const,
          params: { jobId },
          body: { stars, comment: 'Quick and tidy work' },
        })),
    special: () => ({
      stars: fc.constantFrom('0', '6', '4.5', '"5"', '5.0', '1e0', '-0', '1e309', '[5]', 'true'),
      comment: fc.constantFrom(2_000, 2_001, 50_000).map((length) => jsonString('★'.repeat(length))),
    }),
    knownIds: (fx) => [...fx.completedJobIds, ...fx.openJobIds],
  },
  'POST /api/jobs/:jobId/change-orders': {
    actors: ['plumber'],
    valid: (fx) =>
      fc.constantFrom(...fx.changeOrderJobIds).map((jobId) => ({
        actor: 'plumber' as const,
        params: { jobId },
        body: { amount: '80.25', reason: 'The shut-off valve is corroded and must be replaced' },
      })),
    special: () => ({
      amount: moneyText,
      reason: fc
        .constantFrom('ab', '   abc   ', 'x'.repeat(500), 'x'.repeat(501), 'valve\u0000', '__proto__')
        .map(jsonString),
    }),
    knownIds: (fx) => [...fx.changeOrderJobIds, ...fx.completedJobIds, ...fx.openJobIds],
  },
  ...Object.fromEntries(
    (['approve', 'decline'] as const).map((decision): [string, BodyRouteSpec] => [
      `POST /api/jobs/:jobId/change-orders/:changeOrderId/${decision}`,
      {
        actors: ['homeowner'],
        valid: (fx) =>
          fc
            .constantFrom(...(decision === 'approve' ? fx.approvableChangeOrders : fx.declinableChangeOrders))
            .map(({ jobId, changeOrderId }) => ({
              actor: 'homeowner' as const,
              params: { jobId, changeOrderId },
              body: {},
            })),
        knownIds: (fx) =>
          [...fx.approvableChangeOrders, ...fx.declinableChangeOrders].flatMap((order) => [
            order.jobId,
            order.changeOrderId,
          ]),
      },
    ]),
  ),
  'POST /api/jobs/:jobId/reschedule': {
    actors: ['homeowner', 'plumber'],
    valid: (fx) =>
      fc
        .tuple(fc.constantFrom(...fx.rescheduleJobIds), fc.constantFrom('homeowner', 'plumber'))
        .map(([jobId, actor]) => ({
          actor: actor as 'homeowner' | 'plumber',
          params: { jobId },
          body: fx.spareWindow,
        })),
    special: (fx) => ({
      startsAt: fc
        .constantFrom(
          fx.spareWindow.startsAt,
          fx.spareWindow.endsAt,
          '2000-01-01T00:00:00Z',
          '2030-02-30T10:00:00Z',
          fx.spareWindow.startsAt.replace('Z', '+25:00'),
          'tomorrow',
          '',
        )
        .map(jsonString),
      endsAt: fc
        .constantFrom(
          fx.spareWindow.endsAt,
          fx.spareWindow.startsAt,
          new Date(Date.parse(fx.spareWindow.startsAt) + 13 * 3_600_000).toISOString(),
          '9999-12-31T23:59:59Z',
          '1e309',
        )
        .map(jsonString),
    }),
    knownIds: (fx) => [...fx.rescheduleJobIds, ...fx.openJobIds, ...fx.completedJobIds],
  },
  ...Object.fromEntries(
    (['accept', 'decline'] as const).map((decision): [string, BodyRouteSpec] => [
      `POST /api/jobs/:jobId/reschedule/:proposalId/${decision}`,
      {
        actors: ['homeowner', 'plumber'],
        valid: (fx) =>
          fc
            .constantFrom(...(decision === 'accept' ? fx.acceptableProposals : fx.declinableProposals))
            .map(({ jobId, proposalId }) => ({
              actor: 'homeowner' as const,
              params: { jobId, proposalId },
              body: {},
            })),
        knownIds: (fx) =>
          [...fx.acceptableProposals, ...fx.declinableProposals].flatMap((proposal) => [
            proposal.jobId,
            proposal.proposalId,
          ]),
      },
    ]),
  ),
  'POST /api/jobs/:jobId/appointment/cancel': {
    actors: ['homeowner', 'plumber'],
    valid: (fx) =>
      fc.constantFrom(...fx.cancellableJobIds).map((jobId) => ({
        actor: 'homeowner' as const,
        params: { jobId },
        body: { reason: 'Something came up at home' },
      })),
    special: () => ({
      reason: fc
        .constantFrom('ab', '   abc   ', 'x'.repeat(500), 'x'.repeat(501), 'why\u0000', '__proto__')
        .map(jsonString),
    }),
    knownIds: (fx) => [...fx.cancellableJobIds, ...fx.openJobIds],
  },
  'POST /api/quotes': {
    actors: ['plumber'],
    valid: (fx) =>
      fc.constantFrom(...fx.quoteJobIds).map((jobId) => ({
        actor: 'plumber' as const,
        body: { jobId, minTotal: 150, maxTotal: '300.50', breakdownJson: { note: 'Parts and labour' } },
      })),
    special: (fx) => ({
      jobId: fc
        .constantFrom(...fx.completedJobIds, ...fx.quotedJobs.map((quoted) => quoted.jobId))
        .map(jsonString),
      minTotal: moneyText,
      maxTotal: moneyText,
      breakdownJson: fc.oneof(
        jsonValueText(['note']),
        fc.constantFrom('"plain note"', '{"note":null}', '{"note":{"__proto__":{"polluted":1}}}'),
      ),
      // A proposed window (docs/decisions/029-appointments.md): past, reversed, too long, no zone, odd.
      appointment: fc.oneof(
        jsonValueText(['startsAt', 'endsAt']),
        fc
          .constantFrom(
            { startsAt: '2020-01-01T10:00:00Z', endsAt: '2020-01-01T11:00:00Z' },
            { startsAt: `${dayFromToday(3)}T15:00:00Z`, endsAt: `${dayFromToday(3)}T14:00:00Z` },
            { startsAt: `${dayFromToday(3)}T06:00:00Z`, endsAt: `${dayFromToday(3)}T18:00:01Z` },
            { startsAt: `${dayFromToday(3)}T15:00:00`, endsAt: `${dayFromToday(3)}T16:00:00` },
            { startsAt: `${dayFromToday(3)}T15:00:00+05:30`, endsAt: `${dayFromToday(3)}T16:00:00+05:30` },
            { startsAt: '+275760-09-13T00:00:00Z', endsAt: '+275760-09-13T01:00:00Z' },
            { startsAt: `${dayFromToday(4)}T15:00:00Z` },
          )
          .map((window) => JSON.stringify(window)),
      ),
    }),
  },
  // The homeowner writes in the quoting plumber's thread; the plumber in his own (hired: always open).
  'POST /api/jobs/:jobId/messages': {
    actors: ['homeowner', 'plumber'],
    valid: (fx) =>
      fc.oneof(
        fc.constantFrom(...fx.quotedJobs).map(({ jobId }) => ({
          actor: 'homeowner' as const,
          params: { jobId },
          body: { body: 'Is Friday fine? Call me on (303) 555-0100.', plumberId: fx.plumberId },
        })),
        fc.constantFrom(...fx.scheduledJobIds, ...fx.inProgressJobIds, ...fx.openJobIds).map((jobId) => ({
          actor: 'plumber' as const,
          params: { jobId },
          body: { body: 'I can come at 10:30 on 2026-11-25; about $150-$300.' },
        })),
      ),
    special: (fx) => ({
      body: fc
        .constantFrom(
          '☎'.repeat(2_000),
          '☎'.repeat(2_001),
          '🚿'.repeat(1_000),
          'x'.repeat(50_000),
          'a@b.co '.repeat(285),
          '(512) 555-0100 '.repeat(133),
          'john at gmail dot com '.repeat(90),
          ' \n\t ',
          'valve\u0000',
          '__proto__',
        )
        .map(jsonString),
      plumberId: fc
        .constantFrom(fx.plumberUserId, fx.homeowner.user.id, ...fx.openJobIds, 'missing')
        .map(jsonString),
    }),
    knownIds: (fx) => [
      ...fx.quotedJobs.map((quoted) => quoted.jobId),
      ...fx.scheduledJobIds,
      ...fx.openJobIds,
      fx.plumberId,
    ],
  },
  // Its own plumber: a valid submission puts the submitter back in the review queue.
  'PUT /api/plumbers/me/onboarding': {
    actors: ['onboardingPlumber'],
    valid: () =>
      fc.constantFrom(
        {
          actor: 'onboardingPlumber' as const,
          body: {
            businessName: 'Fuzz Plumbing & Drains',
            licenseNumber: 'M-40213',
            licenseState: 'co',
            insuranceExpiresOn: dayFromToday(365),
          },
        },
        {
          actor: 'onboardingPlumber' as const,
          body: {
            businessName: 'Fuzz Pipes',
            licenseNumber: 'PL 2024/0031',
            licenseState: 'TX',
            insuranceExpiresOn: dayFromToday(0),
          },
        },
      ),
    special: () => ({
      insuranceExpiresOn: dateText.map(jsonString),
      licenseState: fc.constantFrom('"T"', '"TXX"', '"tx "', '"ZZ"', '"Texas"', '"__"'),
      licenseNumber: fc
        .constantFrom('M1', '9'.repeat(41), '-M123-', 'M\u0000123', 'M-123<b>')
        .map(jsonString),
    }),
  },
  ...Object.fromEntries(
    (['verify', 'reject'] as const).map((decision): [string, BodyRouteSpec] => [
      `POST /api/admin/plumbers/:plumberId/${decision}`,
      {
        actors: ['admin'],
        valid: (fx) =>
          fc.constantFrom(...fx.reviewPlumberIds).map((plumberId) => ({
            actor: 'admin' as const,
            params: { plumberId },
            body: decision === 'reject' ? { reason: 'The license has expired in the state register' } : {},
          })),
        special: () => ({
          reason: fc
            .constantFrom('ab', '   abc   ', 'x'.repeat(500), 'x'.repeat(501), '__proto__')
            .map(jsonString),
        }),
        knownIds: (fx) => [...fx.reviewPlumberIds, fx.plumberUserId],
      },
    ]),
  ),
  // The first run on a payout marks it paid; later ones meet 409.
  'POST /api/admin/payouts/:payoutId/paid': {
    actors: ['admin'],
    valid: (fx) =>
      fc.constantFrom(...fx.payoutIds).map((payoutId) => ({
        actor: 'admin' as const,
        params: { payoutId },
        body: { reference: 'BANK-REF 2026/0042' },
      })),
    special: () => ({
      reference: fc
        .constantFrom('', '   ', 'R'.repeat(100), 'R'.repeat(101), 'TR\n1', 'TR\u202e1', '=1+1', '__proto__')
        .map(jsonString),
    }),
    knownIds: (fx) => [...fx.payoutIds, ...fx.completedJobIds, fx.plumberId],
  },
  // The admin's pricing edits, on the fuzzing's own rows (fx.pricing). Creations use fresh slugs.
  'POST /api/admin/pricing/catalog': {
    actors: ['admin'],
    valid: () =>
      fc.uuid().map((id) => ({
        actor: 'admin' as const,
        body: { ...FUZZ_ITEM, issueSlug: `fuzz-new-${id.slice(0, 8)}`, reason: 'Fuzzing a creation' },
      })),
    special: () => PRICING_SPECIALS,
  },
  'PATCH /api/admin/pricing/catalog/:issueSlug': {
    actors: ['admin'],
    valid: (fx) =>
      fc
        .tuple(fc.constantFrom(...fx.pricing.issueSlugs), fc.uuid(), fc.boolean())
        .map(([issueSlug, id, reinstate]) => ({
          actor: 'admin' as const,
          params: { issueSlug },
          body: {
            notes: `Fuzz ${id}`,
            baseMax: '400',
            ...(reinstate ? { isActive: true } : {}),
            reason: 'Fuzzing an edit',
          },
        })),
    special: () => PRICING_SPECIALS,
    knownIds: (fx) => fx.pricing.issueSlugs,
  },
  'POST /api/admin/pricing/catalog/:issueSlug/retire': {
    actors: ['admin'],
    valid: (fx) =>
      fc.constantFrom(...fx.pricing.issueSlugs).map((issueSlug) => ({
        actor: 'admin' as const,
        params: { issueSlug },
        body: { reason: 'Fuzzing a retirement' },
      })),
    special: () => PRICING_SPECIALS,
    knownIds: (fx) => fx.pricing.issueSlugs,
  },
  'POST /api/admin/pricing/regions': {
    actors: ['admin'],
    valid: () =>
      fc.uuid().map((id) => ({
        actor: 'admin' as const,
        body: { ...FUZZ_REGION, code: `FZ${id.slice(0, 7).toUpperCase()}`, reason: 'Fuzzing a creation' },
      })),
    special: () => PRICING_SPECIALS,
  },
  'PATCH /api/admin/pricing/regions/:code': {
    actors: ['admin'],
    valid: (fx) =>
      fc
        .tuple(fc.constantFrom(...fx.pricing.regionCodes), fc.integer({ min: 1001, max: 1999 }), fc.boolean())
        .map(([code, index, reinstate]) => ({
          actor: 'admin' as const,
          params: { code },
          body: {
            laborIndex: (index / 1000).toFixed(3),
            timeZone: 'America/Denver',
            ...(reinstate ? { isActive: true } : {}),
            reason: 'Fuzzing an edit',
          },
        })),
    special: () => PRICING_SPECIALS,
    knownIds: (fx) => fx.pricing.regionCodes,
  },
  'POST /api/admin/pricing/regions/:code/retire': {
    actors: ['admin'],
    valid: (fx) =>
      fc.constantFrom(...fx.pricing.regionCodes).map((code) => ({
        actor: 'admin' as const,
        params: { code },
        body: { reason: 'Fuzzing a retirement' },
      })),
    special: () => PRICING_SPECIALS,
    knownIds: (fx) => fx.pricing.regionCodes,
  },
  'POST /api/admin/pricing/modifiers': {
    actors: ['admin'],
    valid: () =>
      fc.uuid().map((id) => ({
        actor: 'admin' as const,
        body: { ...FUZZ_MODIFIER, key: `fuzz_new_${id.slice(0, 8)}`, reason: 'Fuzzing a creation' },
      })),
    special: () => PRICING_SPECIALS,
  },
  'PATCH /api/admin/pricing/modifiers/:modifierId': {
    actors: ['admin'],
    valid: (fx) =>
      fc
        .tuple(fc.constantFrom(...fx.pricing.modifierIds), fc.integer({ min: 101, max: 199 }), fc.boolean())
        .map(([modifierId, value, reinstate]) => ({
          actor: 'admin' as const,
          params: { modifierId },
          body: {
            valuesJson: { multiplier: value / 100 },
            name: `Fuzz surcharge ${value}`,
            ...(reinstate ? { isActive: true } : {}),
            reason: 'Fuzzing an edit',
          },
        })),
    special: () => PRICING_SPECIALS,
    knownIds: (fx) => fx.pricing.modifierIds,
  },
  'POST /api/admin/pricing/modifiers/:modifierId/retire': {
    actors: ['admin'],
    valid: (fx) =>
      fc.constantFrom(...fx.pricing.modifierIds).map((modifierId) => ({
        actor: 'admin' as const,
        params: { modifierId },
        body: { reason: 'Fuzzing a retirement' },
      })),
    special: () => PRICING_SPECIALS,
    knownIds: (fx) => fx.pricing.modifierIds,
  },
  // Writes nothing: any change of the fuzzing's rows, or a new one.
  'POST /api/admin/pricing/preview': {
    actors: ['admin'],
    valid: (fx) =>
      fc.oneof(
        fc.tuple(fc.constantFrom(...fx.pricing.issueSlugs), fc.uuid()).map(([issueSlug, id]) => ({
          actor: 'admin' as const,
          body: { change: 'updateCatalogItem', issueSlug, values: { notes: `Preview ${id}` } },
        })),
        fc.constantFrom(...fx.pricing.regionCodes).map((code) => ({
          actor: 'admin' as const,
          body: {
            change: 'updateRegion',
            code,
            values: { materialIndex: '1.234', timeZone: 'America/Boise' },
          },
        })),
        fc.constant({
          actor: 'admin' as const,
          body: { change: 'createModifier', values: { ...FUZZ_MODIFIER, key: 'fuzz_preview_only' } },
        }),
      ),
    special: () => ({
      ...PRICING_SPECIALS,
      change: fc.constantFrom(
        '"retireCatalogItem"',
        '"createRegion"',
        '"updateModifier"',
        '"CREATEMODIFIER"',
        '"__proto__"',
        'null',
        '["updateRegion"]',
      ),
      values: fc.oneof(jsonValueText(), fc.constantFrom('{}', '{"isActive":false}', '{"baseMin":"9e9"}')),
    }),
  },
  // The People tab acts only on accounts made for it, never on the actors other routes use.
  ...Object.fromEntries(
    (['suspend', 'reinstate'] as const).map((action): [string, BodyRouteSpec] => [
      `POST /api/admin/users/:userId/${action}`,
      {
        actors: ['admin'],
        valid: (fx) =>
          fc
            .constantFrom(...(action === 'suspend' ? fx.suspendTargetIds : fx.reinstateTargetIds))
            .map((userId) => ({
              actor: 'admin' as const,
              params: { userId },
              body: { reason: 'Reported for abusive messages' },
            })),
        special: () => ({
          reason: fc
            .constantFrom('ab', '   abc   ', 'x'.repeat(500), 'x'.repeat(501), '__proto__', 'why\u0000')
            .map(jsonString),
        }),
        knownIds: (fx) => [...fx.suspendTargetIds, ...fx.reinstateTargetIds, ...fx.roleTargetIds],
      },
    ]),
  ),
  'POST /api/admin/users/:userId/role': {
    actors: ['admin'],
    valid: (fx) =>
      fc
        .tuple(fc.constantFrom(...fx.roleTargetIds), fc.constantFrom('plumber', 'admin', 'homeowner'))
        .map(([userId, role]) => ({
          actor: 'admin' as const,
          params: { userId },
          body: { role, password: DEMO_ADMIN.password, reason: 'Changed at the owner’s request' },
        })),
    special: () => ({
      role: fc.constantFrom('"Admin"', '"superuser"', '"plumber "', '["admin"]', 'null'),
      password: fc
        .constantFrom('', 'x'.repeat(10_000), '\u0000', DEMO_ADMIN.password.toUpperCase())
        .map(jsonString),
    }),
    knownIds: (fx) => [...fx.roleTargetIds, ...fx.suspendTargetIds],
  },
  'PUT /api/plumbers/me/location': {
    actors: ['locationPlumber'],
    valid: () =>
      fc.constantFrom(
        {
          actor: 'locationPlumber' as const,
          body: { zip: '80202', address: SERVICE_ADDRESS, serviceRadiusKm: 30 },
        },
        { actor: 'locationPlumber' as const, body: { zip: '78704', serviceRadiusKm: '12.5' } },
      ),
    special: () => ({
      serviceRadiusKm: fc.constantFrom('199.999', '200.001', '0.999', '"1e2"', '" 50 "', '""', '1e309', '-0'),
      zip: fc.constantFrom('"00000"', '"99999"', '"00501"', '80202'),
    }),
  },
  // The account's own settings (docs/decisions/025-accounts.md): a new account each run, so a
  // changed password or a deleted account spoils no other case.
  'PATCH /api/account': {
    actors: ['newAccount'],
    valid: () =>
      fc.oneof(
        fc.constant({ body: { name: 'Fuzz Owner', phone: '(303) 555-0100' } }),
        uniqueEmailArb.map((email) => ({ body: { email } })),
        fc.constant({ body: {} }),
      ),
    special: () => ({
      name: fc.constantFrom('" "', '"a"', `"${'n'.repeat(121)}"`, 'null').map(String),
      phone: fc.constantFrom('"１２３４５６７８９０"', '"+1 (303) 555-0100 ext. 5"', '"0000000000"'),
      email: fc.constantFrom('"nobody"', '" UPPER@EXAMPLE.TEST "', '"a@b"').map(String),
    }),
  },
  'POST /api/account/password': {
    actors: ['newAccount'],
    valid: () => fc.constant({ body: { currentPassword: PASSWORD, newPassword: 'pewter-union-3' } }),
    special: () => ({
      currentPassword: fc.constantFrom('""', `"${PASSWORD}x"`, '"\u0000"').map(String),
      newPassword: fc
        .constantFrom('password123', '€'.repeat(25), '1234567', '\u0000'.repeat(8))
        .map(jsonString),
    }),
  },
  'POST /api/notifications/read': {
    actors: ['homeowner', 'plumber'],
    valid: () =>
      fc.oneof(
        fc.constant({ actor: 'homeowner' as const, body: { all: true } }),
        fc.uuid().map((id) => ({ actor: 'plumber' as const, body: { ids: [id] } })),
      ),
    special: () => ({
      ids: fc.constantFrom(
        '[]',
        '["not-a-uuid"]',
        `[${'"00000000-0000-4000-8000-000000000000",'.repeat(100)}"00000000-0000-4000-8000-000000000000"]`,
        'null',
      ),
      all: fc.constantFrom('false', '"true"', '1'),
    }),
  },
  'PATCH /api/account/notifications': {
    actors: ['newAccount'],
    valid: () =>
      fc.constantFrom(
        { body: { email: { new_quote: false } } },
        { body: { email: { new_message: true, status_changed: false } } },
      ),
    special: () => ({
      email: fc.constantFrom('{}', '{"unknown_kind": true}', '{"new_quote": "yes"}', '[]', 'null'),
    }),
  },
  // The plumber's own hours and days off, replaced as a whole (docs/decisions/029-appointments.md).
  'PUT /api/plumbers/me/availability': {
    actors: ['locationPlumber'],
    valid: () =>
      fc.constantFrom(
        {
          actor: 'locationPlumber' as const,
          body: {
            weeklyHours: [
              { weekday: 1, start: '08:00', end: '12:00' },
              { weekday: 1, start: '13:00', end: '24:00' },
            ],
            daysOff: [dayFromToday(7)],
          },
        },
        { actor: 'locationPlumber' as const, body: { weeklyHours: [], daysOff: [] } },
      ),
    special: () => ({
      weeklyHours: fc
        .constantFrom(
          [{ weekday: 7, start: '08:00', end: '12:00' }],
          [{ weekday: 1.5, start: '08:00', end: '12:00' }],
          [{ weekday: 1, start: '24:00', end: '24:00' }],
          [{ weekday: 1, start: '12:00', end: '12:00' }],
          [{ weekday: '1', start: '08:00', end: '12:00' }],
          [
            { weekday: 2, start: '08:00', end: '12:00' },
            { weekday: 2, start: '11:59', end: '13:00' },
          ],
          Array.from({ length: 22 }, (_, i) => ({ weekday: i % 7, start: '00:00', end: '00:01' })),
          { weekday: 1, start: '08:00', end: '12:00' },
        )
        .map((value) => JSON.stringify(value)),
      daysOff: fc.oneof(
        dateText.map((day) => JSON.stringify([day])),
        fc.constantFrom(
          JSON.stringify(Array.from({ length: 367 }, () => '2030-01-01')),
          '"2030-01-01"',
          'null',
        ),
      ),
    }),
  },
  'DELETE /api/account': {
    actors: ['newAccount'],
    valid: () => fc.constant({ body: { password: PASSWORD } }),
    special: () => ({ password: fc.constantFrom('""', `"${PASSWORD}x"`, '1').map(String) }),
  },
};

const GET_ROUTES: Record<string, GetRouteSpec> = {
  'GET /healthz': { query: [], actors: ['anonymous'], valid: () => ({}) },
  'GET /readyz': { query: [], actors: ['anonymous'], valid: () => ({}) },
  'GET /api/account': { query: [], actors: ['newAccount'], valid: () => ({ actor: 'newAccount' }) },
  'GET /api/auth/user': {
    query: [],
    actors: ['homeowner', 'plumber'],
    valid: () => ({ actor: 'homeowner' }),
  },
  'GET /api/config/public': { query: [], actors: ['anonymous'], valid: () => ({}) },
  'GET /api/admin/stats': { query: [], actors: ['admin'], valid: () => ({ actor: 'admin' }) },
  'GET /api/pricing/catalog': { query: [], actors: ['admin'], valid: () => ({ actor: 'admin' }) },
  'GET /api/pricing/regions': { query: [], actors: ['admin'], valid: () => ({ actor: 'admin' }) },
  'GET /api/pricing/modifiers': { query: [], actors: ['admin'], valid: () => ({ actor: 'admin' }) },
  'GET /api/jobs/all': {
    query: ['page', 'pageSize'],
    actors: ['admin'],
    valid: () => ({ actor: 'admin', query: { page: '1', pageSize: '20' } }),
  },
  'GET /api/pricing/estimate': {
    query: ['issueSlug', 'zip', 'urgency'],
    actors: ['anonymous', 'homeowner'],
    valid: () => ({ query: { issueSlug: 'clogged-drain', zip: '80202', urgency: 'urgent' } }),
  },
  'GET /api/availability-slots': {
    query: ['date'],
    actors: ['anonymous', 'homeowner'],
    valid: (fx) => ({ query: { date: fx.slotDate } }),
  },
  'GET /api/jobs': { query: [], actors: ['homeowner', 'plumber'], valid: () => ({ actor: 'homeowner' }) },
  'GET /api/jobs/nearby': {
    query: ['cursor'],
    actors: ['plumber'],
    // A well-formed position before every job: a cursor of any job's shape is a valid page.
    valid: (fx) => ({
      actor: 'plumber',
      query: {
        cursor: encodeNearbyCursor({
          emergency: true,
          distanceKm: 0,
          createdAt: '2000-01-01T00:00:00.000000Z',
          id: fx.openJobIds[0],
        }),
      },
    }),
  },
  'GET /api/jobs/nearby/count': {
    query: [],
    actors: ['plumber', 'onboardingPlumber'],
    valid: () => ({ actor: 'plumber' }),
  },
  'GET /api/admin/audit': {
    query: ['actor', 'entity', 'from', 'to'],
    actors: ['admin'],
    valid: () => ({
      actor: 'admin',
      query: { actor: 'admin@', entity: 'catalog_item', from: dayFromToday(-7), to: dayFromToday(0) },
    }),
  },
  'GET /api/admin/service-requests': {
    query: ['status'],
    actors: ['admin'],
    valid: () => ({ actor: 'admin', query: { status: 'pending' } }),
  },
  'GET /api/admin/reports': {
    query: ['status'],
    actors: ['admin'],
    valid: () => ({ actor: 'admin', query: { status: 'open' } }),
  },
  'GET /api/jobs/:jobId/reports': {
    query: [],
    actors: ['homeowner', 'plumber'],
    valid: (fx) => ({ actor: 'homeowner', params: { jobId: fx.quotedJobs[0].jobId } }),
    knownIds: (fx) => [...fx.quotedJobs.map((quoted) => quoted.jobId), ...fx.openJobIds, fx.plumberId],
  },
  'GET /api/admin/plumbers': {
    query: ['status'],
    actors: ['admin'],
    valid: () => ({ actor: 'admin', query: { status: 'pending' } }),
  },
  'GET /api/admin/users': {
    query: ['query'],
    actors: ['admin'],
    valid: () => ({ actor: 'admin', query: { query: 'example.test' } }),
  },
  'GET /api/admin/payouts': {
    query: ['status', 'from', 'to', 'page', 'pageSize'],
    actors: ['admin'],
    valid: () => ({
      actor: 'admin',
      query: { status: 'pending', from: dayFromToday(-30), to: dayFromToday(0), page: '1', pageSize: '50' },
    }),
  },
  'GET /api/admin/payouts.csv': {
    query: ['from', 'to'],
    actors: ['admin'],
    valid: () => ({ actor: 'admin', query: { from: dayFromToday(-30), to: dayFromToday(0) } }),
    successType: /^text\/csv/,
  },
  'GET /api/jobs/assigned': { query: [], actors: ['plumber'], valid: () => ({ actor: 'plumber' }) },
  'GET /api/plumbers/me/availability': {
    query: [],
    actors: ['plumber'],
    valid: () => ({ actor: 'plumber' }),
  },
  'GET /api/plumbers/me/appointments': {
    query: ['from', 'to'],
    actors: ['plumber'],
    valid: () => ({ actor: 'plumber', query: { from: dayFromToday(0), to: dayFromToday(30) } }),
  },
  'GET /api/quotes/job/:jobId': {
    query: [],
    actors: ['homeowner', 'plumber'],
    valid: (fx) => ({ actor: 'homeowner', params: { jobId: fx.quotedJobs[0].jobId } }),
    knownIds: (fx) => [...fx.quotedJobs.map((quoted) => quoted.jobId), ...fx.openJobIds],
  },
  'GET /api/quotes/plumber/:plumberId': {
    query: [],
    actors: ['plumber', 'admin'],
    valid: (fx) => ({ actor: 'plumber', params: { plumberId: fx.plumberId } }),
    knownIds: (fx) => [fx.plumberId, fx.plumberUserId],
  },
  'GET /api/jobs/:jobId/appointment.ics': {
    query: [],
    actors: ['homeowner', 'plumber', 'admin'],
    valid: (fx) => ({ actor: 'homeowner', params: { jobId: fx.cancellableJobIds[0] } }),
    knownIds: (fx) => [...fx.rescheduleJobIds, ...fx.openJobIds, fx.plumberId],
    successType: /^text\/calendar/,
  },
  'GET /api/jobs/:jobId': {
    query: [],
    actors: ['homeowner', 'plumber', 'admin'],
    valid: (fx) => ({ actor: 'homeowner', params: { jobId: fx.quotedJobs[0].jobId } }),
    knownIds: (fx) => [...fx.quotedJobs.map((quoted) => quoted.jobId), ...fx.openJobIds, fx.plumberId],
  },
  // The event stream: read up to its first blank line, then closed (server/test/sse-client.ts).
  'GET /api/events': {
    query: [],
    actors: ['newAccount'],
    valid: () => ({ actor: 'newAccount' }),
    successType: /^text\/event-stream/,
  },
  'GET /api/notifications': {
    query: [],
    actors: ['homeowner', 'plumber'],
    valid: () => ({ actor: 'homeowner' }),
  },
  'GET /api/account/notifications': {
    query: [],
    actors: ['newAccount'],
    valid: () => ({ actor: 'newAccount' }),
  },
  'GET /api/jobs/:jobId/messages': {
    query: [],
    actors: ['homeowner', 'plumber', 'admin'],
    valid: (fx) => ({ actor: 'homeowner', params: { jobId: fx.quotedJobs[0].jobId } }),
    knownIds: (fx) => [...fx.quotedJobs.map((quoted) => quoted.jobId), ...fx.openJobIds, fx.plumberId],
  },
  'GET /api/plumbers/user/:userId': {
    query: [],
    actors: ['plumber', 'admin'],
    valid: (fx) => ({ actor: 'plumber', params: { userId: fx.plumberUserId } }),
    knownIds: (fx) => [fx.plumberUserId, fx.plumberId, fx.homeowner.user.id],
  },
  'GET /api/plumbers/:plumberId/ratings': {
    query: [],
    actors: ['homeowner', 'plumber'],
    valid: (fx) => ({ actor: 'homeowner', params: { plumberId: fx.plumberId } }),
    knownIds: (fx) => [fx.plumberId, fx.plumberUserId],
  },
  'GET /api/plumbers/:plumberId/average-rating': {
    query: [],
    actors: ['homeowner', 'plumber'],
    valid: (fx) => ({ actor: 'homeowner', params: { plumberId: fx.plumberId } }),
    knownIds: (fx) => [fx.plumberId, fx.plumberUserId],
  },
  'GET /media/:file': {
    query: [],
    actors: ['anonymous'],
    valid: (fx) => ({ params: { file: fx.mediaFiles[0] } }),
    knownIds: (fx) => fx.mediaFiles,
    successType: /^image\/jpeg/,
  },
  'GET /api/dev/mailbox': {
    query: ['to'],
    actors: ['anonymous'],
    valid: (fx) => ({ query: { to: fx.homeownerEmail } }),
  },
  'GET /dev/mailbox': {
    query: ['to'],
    actors: ['anonymous'],
    valid: (fx) => ({ query: { to: fx.homeownerEmail } }),
    successType: /^text\/html/,
  },
};

const clip = (text: string | undefined, max = 400) =>
  text === undefined ? '(none)' : text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** One request; printed short in fast-check's counterexample (bodies can be 180 kB). */
class FuzzCase {
  constructor(
    readonly actor: ActorName,
    readonly method: Method,
    readonly url: string,
    readonly body: string | undefined,
    readonly headers: Record<string, string>,
    readonly latin1Bytes = false,
  ) {}

  [fc.toStringMethod]() {
    const bytes = this.latin1Bytes ? ' (sent as latin-1 bytes)' : '';
    return `${this.actor} ${this.method} ${clip(this.url, 300)} ${JSON.stringify(this.headers)} body${bytes}=${clip(this.body)}`;
  }
}

/** Mostly plain JSON; sometimes another content type, charset or a content encoding the body lacks. */
const transportArb = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.constant({ headers: { 'Content-Type': 'application/json' }, latin1Bytes: false }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      headers: fc.oneof(
        fc
          .constantFrom(
            'application/json; charset=utf-8',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            'application/json;;;',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/vnd.api+json',
            'APPLICATION/JSON',
          )
          .map((type) => ({ 'Content-Type': type })),
        fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown').map((encoding) => ({
          'Content-Type': 'application/json',
          'Content-Encoding': encoding,
        })),
      ),
      latin1Bytes: fc.boolean(),
    }),
  },
);

const fillPath = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'missing');

const routeParams = (pattern: string) => [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]);

/** A PNG whose header claims `width` × `height` pixels (one row of data): a decompression bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe(`fuzz: every body route, query string and path parameter (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let server: http.Server;
  let dataDir: string;
  let fx: Fixtures;
  let agents: Record<
    'homeowner' | 'plumber' | 'locationPlumber' | 'onboardingPlumber' | 'admin',
    Actor['agent']
  >;
  const prototypeDescriptors = new Map(
    Object.getOwnPropertyNames(Object.prototype).map((key) => [
      key,
      Object.getOwnPropertyDescriptor(Object.prototype, key)!,
    ]),
  );
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  /** Query keys the app read during the current request (see the server below). */
  let queryReads = new Set<string>();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-fuzz-'));
    ctx = await createTestContext({
      seed: true,
      // Thousands of requests from one address: the limits must not hide the handlers.
      env: {
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT: '100000',
        LOGIN_ACCOUNT_RATE_LIMIT: '100000',
        DIAGNOSIS_RATE_LIMIT: '100000',
        MESSAGE_RATE_LIMIT: '100000',
      },
      // The token routes' fixtures are links read from the dev mailbox.
      mailQueue: { deliver: true },
    });
    // One listening server for the whole file, and a record of which query keys the handlers read:
    // the GET table below must list exactly those.
    server = http.createServer((req, res) => {
      Object.defineProperty(req, 'query', {
        configurable: true,
        get(this: http.IncomingMessage) {
          let proto: object | null = Object.getPrototypeOf(this);
          while (proto && !Object.getOwnPropertyDescriptor(proto, 'query'))
            proto = Object.getPrototypeOf(proto);
          const parsed = Object.getOwnPropertyDescriptor(proto, 'query')!.get!.call(this) as object;
          return new Proxy(parsed, {
            get(target, key, receiver) {
              if (typeof key === 'string') queryReads.add(key);
              return Reflect.get(target, key, receiver);
            },
            has(target, key) {
              if (typeof key === 'string') queryReads.add(key);
              return Reflect.has(target, key);
            },
          });
        },
      });
      ctx.app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const viaServer: TestContext = { ...ctx, agent: () => supertest.agent(server) };

    const plumber = await registerPlumber(viaServer);
    const homeowner = await registerActor(viaServer, 'homeowner');
    const locationPlumber = await registerPlumber(viaServer);
    const onboardingPlumber = await registerPlumber(viaServer, null, { vetting: 'none' });
    const reviewPlumbers = [
      await registerPlumber(viaServer, null, { vetting: 'submitted' }),
      await registerPlumber(viaServer, null, { vetting: 'submitted' }),
    ];
    const logoutUser = await registerActor(viaServer, 'homeowner');
    const admin = await loginAdmin(viaServer);
    // Pricing rows of the fuzzing's own: its edits and retirements leave the seeded ones alone.
    const createdBy = async (path: string, body: object) => {
      const res = await admin.agent.post(path).send({ ...body, reason: 'Rows for the fuzzing' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: string; issueSlug?: string; code?: string };
    };
    const pricing: Fixtures['pricing'] = { issueSlugs: [], regionCodes: [], modifierIds: [] };
    for (let i = 0; i < 3; i++) {
      const tag = `${Date.now().toString(36)}${i}`;
      const item = await createdBy('/api/admin/pricing/catalog', { ...FUZZ_ITEM, issueSlug: `fuzz-${tag}` });
      const region = await createdBy('/api/admin/pricing/regions', {
        ...FUZZ_REGION,
        code: `FZ${tag.slice(-6).toUpperCase()}`,
      });
      const modifier = await createdBy('/api/admin/pricing/modifiers', {
        ...FUZZ_MODIFIER,
        key: `fuzz_${tag}`,
      });
      pricing.issueSlugs.push(item.issueSlug!);
      pricing.regionCodes.push(region.code!);
      pricing.modifierIds.push(modifier.id);
    }
    /** A fresh account no actor uses, and the token of the `page` link mailed to it. */
    const mailedToken = async (page: '/verify-email' | '/reset-password') => {
      const email = uniqueEmail('fuzz-link');
      const registered = await supertest(server)
        .post('/api/auth/register')
        .send({ email, password: PASSWORD });
      expect(registered.status).toBe(201);
      if (page === '/verify-email') return tokenFromMail(viaServer, email, page);
      // The verification mail first, so the reset mail is the newest of two.
      await waitForMail(viaServer, email);
      expect((await supertest(server).post('/api/auth/password-reset').send({ email })).status).toBe(202);
      return tokenFromMail(viaServer, email, page, 2);
    };
    const verifyTokens = [await mailedToken('/verify-email'), await mailedToken('/verify-email')];
    const resetToken = await mailedToken('/reset-password');
    /** An account no actor uses, for the People routes; suspended by the admin when asked. */
    const peopleTarget = async (suspended = false) => {
      const registered = await supertest(server)
        .post('/api/auth/register')
        .send({ email: uniqueEmail('fuzz-person'), password: PASSWORD });
      expect(registered.status).toBe(201);
      if (suspended) {
        const done = await admin.agent
          .post(`/api/admin/users/${registered.body.id}/suspend`)
          .send({ reason: 'Held for the fuzzing' });
        expect(done.status).toBe(200);
      }
      return registered.body.id as string;
    };
    agents = {
      homeowner: homeowner.agent,
      plumber: plumber.agent,
      locationPlumber: locationPlumber.agent,
      onboardingPlumber: onboardingPlumber.agent,
      admin: admin.agent,
    };

    const newJob = async () => (await createJob(viaServer, homeowner.user.id)).id;
    // Booked windows never overlap on the plumber's calendar: the n-th is the n-th hour from a week ahead.
    let windowCount = 0;
    const weekAhead = Math.ceil((Date.now() + 7 * 86_400_000) / 3_600_000) * 3_600_000;
    const nextWindow = (offset = 0) => {
      windowCount += 1;
      return {
        startsAt: new Date(weekAhead + offset + windowCount * 3_600_000).toISOString(),
        endsAt: new Date(weekAhead + offset + (windowCount + 1) * 3_600_000 - 60_000).toISOString(),
      };
    };
    const bookedJobs = async (count: number) => {
      const made: string[] = [];
      for (let i = 0; i < count; i++) {
        const jobId = await newJob();
        const quote = await plumber.agent
          .post('/api/quotes')
          .send({ jobId, minTotal: 120, maxTotal: 240, appointment: nextWindow() });
        expect(quote.status).toBe(201);
        await acceptQuote(homeowner, jobId, quote.body.id);
        made.push(jobId);
      }
      return made;
    };
    const withProposals = async (jobIds: string[]) => {
      const made: { jobId: string; proposalId: string }[] = [];
      for (const jobId of jobIds) {
        const res = await plumber.agent
          .post(`/api/jobs/${jobId}/reschedule`)
          .send(nextWindow(30 * 86_400_000));
        expect(res.status).toBe(201);
        made.push({ jobId, proposalId: res.body.id });
      }
      return made;
    };
    const jobsAt = async (stage: 'quoted' | 'scheduled' | 'in_progress' | 'completed', count: number) => {
      const made: { jobId: string; quoteId: string }[] = [];
      for (let i = 0; i < count; i++) {
        const jobId = await newJob();
        const quoteId = await sendQuote(plumber, jobId, 120 + i, 240 + i);
        if (stage !== 'quoted') await acceptQuote(homeowner, jobId, quoteId);
        if (stage === 'in_progress' || stage === 'completed') {
          expect((await setStatus(plumber, jobId, 'in_progress')).status).toBe(200);
        }
        if (stage === 'completed') expect((await setStatus(plumber, jobId, 'completed')).status).toBe(200);
        made.push({ jobId, quoteId });
      }
      return made;
    };
    const ids = (list: { jobId: string }[]) => list.map((item) => item.jobId);
    /** The payouts the jobs' completion wrote, one per job. */
    const payoutIdsOf = async (jobIds: string[]) =>
      (
        await ctx.database.pool.query<{ id: string }>(
          'select id from payouts where job_id = any($1::uuid[])',
          [jobIds],
        )
      ).rows.map((row) => row.id);
    const withChangeOrders = async (list: { jobId: string }[]) => {
      const made: { jobId: string; changeOrderId: string }[] = [];
      for (const { jobId } of list) {
        const res = await plumber.agent
          .post(`/api/jobs/${jobId}/change-orders`)
          .send({ amount: 40, reason: 'The trap under the sink is cracked' });
        expect(res.status).toBe(201);
        made.push({ jobId, changeOrderId: res.body.id });
      }
      return made;
    };

    /** Two open reports of the homeowner on each job, for the admin to answer and close. */
    const reportsOn = async (list: { jobId: string }[]) => {
      const made: string[] = [];
      for (const { jobId } of list) {
        for (const details of ['The quote changed after booking.', 'The plumber was late twice.']) {
          const res = await homeowner.agent
            .post(`/api/jobs/${jobId}/reports`)
            .send({ reason: 'quality', details });
          expect(res.status).toBe(201);
          made.push(res.body.id);
        }
      }
      return made;
    };

    const slotDate = dayFromToday(3);
    const slots = await supertest(server).get('/api/availability-slots').query({ date: slotDate });
    expect(slots.status).toBe(200);
    const slotIds = (slots.body as { id: string }[]).slice(0, 12).map((slot) => slot.id);
    expect(slotIds.length).toBeGreaterThan(3);
    const guestRequestIds: string[] = [];
    const bookingConfirmTokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `fuzz.guest.${i}.${Date.now()}@example.test`;
      const res = await supertest(server).post('/api/service-requests').send(bookingBody(slotDate, email));
      expect(res.status).toBe(201);
      guestRequestIds.push(res.body.id);
      const [mail] = await waitForMail(viaServer, email);
      bookingConfirmTokens.push(tokenOfLink(mail, ctx.config.publicUrl, '/confirm-booking'));
    }

    // The admins' queue: guests' bookings without a slot, and some by a verified homeowner's e-mail.
    const guestBooking = async (email: string) => {
      const res = await supertest(server).post('/api/service-requests').send(bookingBody(slotDate, email));
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const queueRequestIds: string[] = [];
    for (let i = 0; i < 4; i++) queueRequestIds.push(await guestBooking(uniqueEmail('fuzz-queue')));
    const convertOwner = await registerActor(viaServer, 'homeowner');
    const verifyToken = await tokenFromMail(viaServer, convertOwner.user.email, '/verify-email');
    const verified = await supertest(server).post('/api/auth/verify-email').send({ token: verifyToken });
    expect(verified.status).toBe(200);
    const convertibleRequestIds: string[] = [];
    for (let i = 0; i < 3; i++) convertibleRequestIds.push(await guestBooking(convertOwner.user.email));

    // A scene with detail: a diagnosis refuses a flat, detail-less photo (shared/photo-quality.ts).
    const jpeg = await photoLike({ width: 48, height: 32 });
    const png = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#ffffff80' } })
      .png()
      .toBuffer();
    const dataUrl = (bytes: Buffer | string, type = 'image/jpeg') =>
      `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
    const jpegDataUrl = dataUrl(jpeg);
    const diagnosis = await supertest(server)
      .post('/api/diagnose')
      .send({
        description: 'The kitchen sink is blocked and will not drain',
        location: 'kitchen',
        urgency: 'routine',
        imageUrls: [jpegDataUrl],
      });
    expect(diagnosis.status).toBe(201);
    const [mediaUrl] = (
      await ctx.database.pool.query<{ url: string }>(
        'select image_urls[1] as url from diagnostics where id = $1',
        [diagnosis.body.id],
      )
    ).rows.map((row) => row.url);
    expect(mediaUrl).toMatch(/^\/media\//);

    const pngDataUrl = dataUrl(png, 'image/png');
    const jobPhotos: Fixtures['jobPhotos'] = [];
    for (let i = 0; i < 2; i++) {
      const jobId = await newJob();
      const res = await homeowner.agent
        .post(`/api/jobs/${jobId}/photos`)
        .send({ imageUrls: [pngDataUrl, jpegDataUrl, pngDataUrl] });
      expect(res.status).toBe(201);
      for (const photo of res.body as { id: string }[]) jobPhotos.push({ jobId, photoId: photo.id });
    }

    fx = {
      homeowner,
      plumberId: plumber.plumberId,
      plumberUserId: plumber.user.id,
      homeownerEmail: homeowner.user.email,
      logoutUser: { email: logoutUser.user.email, password: PASSWORD },
      verifyTokens,
      resetToken,
      reviewPlumberIds: reviewPlumbers.map((reviewed) => reviewed.plumberId),
      suspendTargetIds: [await peopleTarget(), await peopleTarget()],
      reinstateTargetIds: [await peopleTarget(true), await peopleTarget(true)],
      roleTargetIds: [await peopleTarget(), await peopleTarget()],
      quoteJobIds: [await newJob(), await newJob(), await newJob(), await newJob()],
      quotedJobs: await jobsAt('quoted', 3),
      openJobIds: [await newJob(), await newJob(), await newJob()],
      scheduledJobIds: ids(await jobsAt('scheduled', 3)),
      inProgressJobIds: ids(await jobsAt('in_progress', 3)),
      completedJobIds: ids(await jobsAt('completed', 3)),
      payoutIds: await payoutIdsOf(ids(await jobsAt('completed', 2))),
      changeOrderJobIds: ids(await jobsAt('scheduled', 2)),
      rescheduleJobIds: await bookedJobs(2),
      spareWindow: nextWindow(365 * 86_400_000),
      acceptableProposals: await withProposals(await bookedJobs(2)),
      declinableProposals: await withProposals(await bookedJobs(2)),
      cancellableJobIds: await bookedJobs(2),
      approvableChangeOrders: await withChangeOrders(await jobsAt('in_progress', 2)),
      declinableChangeOrders: await withChangeOrders(await jobsAt('scheduled', 2)),
      slotDate,
      slotIds,
      guestRequestIds,
      bookingConfirmTokens,
      queueRequestIds,
      convertibleRequestIds,
      reportIds: await reportsOn(await jobsAt('quoted', 2)),
      jpegDataUrl,
      pngDataUrl,
      photoJobIds: [await newJob(), await newJob(), await newJob(), await newJob()],
      jobPhotos,
      imageDataUrls: [
        jpegDataUrl,
        dataUrl(png, 'image/png'),
        dataUrl(png, 'image/jpeg'),
        dataUrl(jpeg.subarray(0, jpeg.length / 2)),
        dataUrl(pngClaiming(100_000, 100_000), 'image/png'),
        dataUrl('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'),
        dataUrl('<html><script>alert(1)</script></html>', 'image/jpeg'),
        dataUrl('GIF89a\u0001\u0000\u0001\u0000', 'image/gif'),
        `data:image/jpeg;base64,${jpeg.toString('base64').slice(0, 101)}`,
        `data:image/jpeg;base64,${jpeg.toString('base64').replace(/(.{60})/g, '$1\n ')}`,
        `data:image/jpeg;base64,${jpeg.toString('base64')}!!!`,
        `data:image/jpeg;base64,${jpeg.toString('base64')}====`,
        `data:image/jpeg;base64,=${jpeg.toString('base64')}`,
        `data:image/jpeg;base64,${jpeg.toString('base64url')}`,
        'data:image/jpeg;base64,',
        'data:image/jpeg;base64,\u0000',
        'data:image/jpeg,not-base64',
        'data:image/jpeg;charset=utf-8;base64,/9j/',
        'data:;base64,/9j/4AAQ',
        'data:text/html;base64,PHNjcmlwdD4=',
        'DATA:IMAGE/JPEG;BASE64,/9j/4AAQ',
        'https://example.test/photo.jpg',
        '/media/../../etc/passwd',
      ],
      mediaFiles: [mediaUrl.slice('/media/'.length)],
      pricing,
    };
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The cookie-keeping client of an actor; `freshSession` logs the logout user in first. */
  async function clientFor(actor: ActorName) {
    if (actor === 'anonymous') return supertest(server);
    if (actor === 'freshSession') {
      const agent = supertest.agent(server);
      const login = await agent.post('/api/auth/login').send(fx.logoutUser);
      expect(login.status).toBe(200);
      return agent;
    }
    if (actor === 'newAccount') {
      const agent = supertest.agent(server);
      const registered = await agent
        .post('/api/auth/register')
        .send({ email: uniqueEmail('fuzz-account'), password: PASSWORD });
      expect(registered.status).toBe(201);
      return agent;
    }
    return agents[actor];
  }

  async function send(fuzzCase: FuzzCase) {
    const client = await clientFor(fuzzCase.actor);
    const url = fuzzCase.url;
    let request =
      fuzzCase.method === 'GET'
        ? client.get(url)
        : fuzzCase.method === 'POST'
          ? client.post(url)
          : fuzzCase.method === 'PUT'
            ? client.put(url)
            : fuzzCase.method === 'PATCH'
              ? client.patch(url)
              : client.delete(url);
    for (const [name, value] of Object.entries(fuzzCase.headers)) request = request.set(name, value);
    if (fuzzCase.method === 'GET' && url.split('?')[0] === '/api/events') {
      request = request.buffer(true).parse(readEventStreamStart);
    }
    if (fuzzCase.body !== undefined) {
      request = request.send(fuzzCase.latin1Bytes ? Buffer.from(fuzzCase.body, 'latin1') : fuzzCase.body);
    }
    return request;
  }

  /** The properties of every answer, whatever was sent. */
  function checkAnswer(res: supertest.Response, successType?: RegExp) {
    const contentType = String(res.headers['content-type'] ?? '');
    const seen = `answered ${res.status} ${contentType}: ${clip(res.text, 300)}`;
    expect(res.status, seen).toBeLessThan(500);
    const expectedType = successType && res.status < 300 ? successType : /^application\/json(;|$)/;
    expect(contentType, seen).toMatch(expectedType);
    if (res.status >= 400) {
      expect(typeof res.body?.error, seen).toBe('string');
      expect(typeof res.body?.code, seen).toBe('string');
    }
    expect(prototypeChanges(), 'changes to Object.prototype').toEqual([]);
  }

  /**
   * Keys added to or replaced on Object.prototype (`polluted` included), which are then undone:
   * later runs and fast-check's shrinking start clean, so the counterexample is the culprit.
   */
  function prototypeChanges(): string[] {
    const proto = Object.prototype as Record<string, unknown>;
    const changed = Object.getOwnPropertyNames(proto).filter((key) => {
      const now = Object.getOwnPropertyDescriptor(proto, key)!;
      const before = prototypeDescriptors.get(key);
      return !before || now.value !== before.value || now.get !== before.get || now.set !== before.set;
    });
    if (({} as Record<string, unknown>).polluted !== undefined && !changed.includes('polluted')) {
      changed.push('polluted');
    }
    for (const key of changed) {
      const before = prototypeDescriptors.get(key);
      if (before) Object.defineProperty(proto, key, before);
      else delete proto[key];
    }
    return changed;
  }

  /** Mostly the template's actor (who passes the guard), sometimes another allowed one or nobody. */
  const actorArb = (template: Template, allowed: ActorName[]) =>
    fc.oneof(
      { weight: 7, arbitrary: fc.constant(template.actor ?? allowed[0]) },
      { weight: 2, arbitrary: fc.constantFrom(...allowed) },
      { weight: 1, arbitrary: fc.constant<ActorName>('anonymous') },
    );

  const paramsArb = (template: Template, pattern: string, known: string[]) =>
    fc.record(
      Object.fromEntries(
        routeParams(pattern).map((name) => [
          name,
          fc.oneof(
            { weight: 2, arbitrary: fc.constant(template.params?.[name] ?? 'missing') },
            { weight: 1, arbitrary: pathSegment(known) },
          ),
        ]),
      ),
    );

  /** The template itself, as sent by its own actor: runs first, so every route succeeds at least once. */
  function templateCase(method: Method, pattern: string, template: Template, allowed: ActorName[]) {
    const query = new URLSearchParams(template.query ?? {}).toString();
    const url = `${fillPath(pattern, template.params ?? {})}${query ? `?${query}` : ''}`;
    const body = method === 'GET' ? undefined : JSON.stringify(template.body ?? {});
    const headers: Record<string, string> = method === 'GET' ? {} : { 'Content-Type': 'application/json' };
    return new FuzzCase(template.actor ?? allowed[0], method, url, body, headers);
  }

  it('has a fuzz entry for every POST/PUT/PATCH route and a query-parameter list for every GET route', () => {
    const routes = listRoutes(ctx.app).map((route) => `${route.method} ${route.path}`);
    const bodyRoutes = routes.filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route));
    const getRoutes = routes.filter((route) => route.startsWith('GET '));
    expect(
      bodyRoutes.filter((route) => !(route in BODY_ROUTES)),
      'body routes without a fuzz entry',
    ).toEqual([]);
    expect(
      Object.keys(BODY_ROUTES).filter((route) => !bodyRoutes.includes(route)),
      'stale fuzz entries',
    ).toEqual([]);
    expect(
      getRoutes.filter((route) => !(route in GET_ROUTES)),
      'GET routes without a query list',
    ).toEqual([]);
    expect(
      Object.keys(GET_ROUTES).filter((route) => !getRoutes.includes(route)),
      'stale GET entries',
    ).toEqual([]);
    expect(routes.length).toBe(bodyRoutes.length + getRoutes.length);
  });

  for (const [route, spec] of Object.entries(BODY_ROUTES)) {
    it(`${route}: ${RUNS} hostile and near-valid bodies`, async () => {
      const [method, pattern] = route.split(' ') as [Method, string];
      const allowed = spec.actors;
      const statuses: number[] = [];
      const caseArb = spec.valid(fx).chain((template) =>
        fc
          .record({
            actor: actorArb(template, allowed),
            params: paramsArb(template, pattern, spec.knownIds?.(fx) ?? []),
            body: bodyText(
              Object.fromEntries(
                Object.entries(template.body ?? {}).map(([key, value]) => [key, JSON.stringify(value)]),
              ),
              spec.special?.(fx),
            ),
            transport: transportArb,
          })
          .map(
            ({ actor, params, body, transport }) =>
              new FuzzCase(
                actor,
                method,
                fillPath(pattern, params),
                body,
                transport.headers,
                transport.latin1Bytes,
              ),
          ),
      );
      const example = templateCase(method, pattern, fc.sample(spec.valid(fx), 1)[0], allowed);
      await fc.assert(
        fc.asyncProperty(caseArb, async (fuzzCase) => {
          const res = await send(fuzzCase);
          statuses.push(res.status);
          checkAnswer(res);
        }),
        { numRuns: RUNS, examples: [[example]], ...REPLAY },
      );
      // The valid template got through the guard and the validation at least once: deep paths ran.
      expect(
        statuses.filter((status) => status < 300).length,
        `statuses: ${statuses.join(',')}`,
      ).toBeGreaterThan(0);
    }, 60_000);
  }

  for (const [route, spec] of Object.entries(GET_ROUTES)) {
    const [, pattern] = route.split(' ') as [Method, string];
    const runs =
      spec.query.length > 0 ? RUNS : routeParams(pattern).length > 0 ? RUNS_PATH_GET : RUNS_PLAIN_GET;
    it(`${route}: ${runs} hostile query strings${routeParams(pattern).length ? ' and path parameters' : ''}`, async () => {
      const template = spec.valid(fx);
      const statuses: number[] = [];
      const reads = new Set<string>();
      const caseArb = fc
        .record({
          actor: actorArb(template, spec.actors),
          params: paramsArb(template, pattern, spec.knownIds?.(fx) ?? []),
          query: fc.oneof(
            { weight: 1, arbitrary: fc.constant('') },
            { weight: 6, arbitrary: queryString(spec.query, template.query) },
          ),
        })
        .map(({ actor, params, query }) => {
          const pathPart = fillPath(pattern, params);
          // Node answers a request line over its 16 kB header limit with a bare 431 before the
          // app sees it; the app's part is what is fuzzed here.
          const queryPart = query.slice(0, MAX_URL_LENGTH - pathPart.length);
          return new FuzzCase(actor, 'GET', `${pathPart}${queryPart ? `?${queryPart}` : ''}`, undefined, {});
        });
      await fc.assert(
        fc.asyncProperty(caseArb, async (fuzzCase) => {
          queryReads = new Set();
          const res = await send(fuzzCase);
          for (const key of queryReads) reads.add(key);
          statuses.push(res.status);
          checkAnswer(res, spec.successType);
        }),
        { numRuns: runs, examples: [[templateCase('GET', pattern, template, spec.actors)]], ...REPLAY },
      );
      expect(
        statuses.filter((status) => status < 300).length,
        `statuses: ${statuses.join(',')}`,
      ).toBeGreaterThan(0);
      // The table lists exactly the query keys the handler reads.
      expect([...reads].sort(), `query keys ${route} reads`).toEqual([...spec.query].sort());
    }, 60_000);
  }

  it('refuses a diagnosis body over its own limit with a JSON 413', async () => {
    const description = 'a'.repeat(DIAGNOSIS_BODY_LIMIT_BYTES + 1024);
    const res = await supertest(server)
      .post('/api/diagnose')
      .set('Content-Type', 'application/json')
      .send(`{"description":"${description}"}`);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.any(String) });
  });

  it('refuses a photo over 8 MB with a JSON 413', async () => {
    const photo = `data:image/jpeg;base64,/9j/${'A'.repeat(Math.ceil((8 * 1024 * 1024 * 4) / 3) + 8)}`;
    const res = await supertest(server)
      .post('/api/diagnose')
      .send({
        description: 'The kitchen sink is blocked and will not drain',
        location: 'kitchen',
        urgency: 'routine',
        imageUrls: [photo],
      });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.any(String) });
  });

  it('leaves Object.prototype untouched and the app up after all of it', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    const health = await supertest(server).get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const api = await agents.homeowner.get('/api/auth/user');
    expect(api.status).toBe(200);
  });
});
