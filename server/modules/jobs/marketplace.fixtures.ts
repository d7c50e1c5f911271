import type { Urgency } from '@shared/constants';
import { dayFromTodayIn } from '@shared/dates';
import type { PlumberOnboardingInput } from '@shared/contracts/plumbers';
import type { CurrentUser } from '@shared/contracts/auth';
import type { NearbyJob } from '@shared/contracts/jobs';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-context';
import { uniqueEmail } from '../../test/test-context';
import { locateAddress } from '../geo';
import { postJob, type Job } from './jobs.service';

/** Test-only helpers for the marketplace API tests: users through the API, jobs through postJob. */

export const PASSWORD = 'marketplace-password';
export const DEMO_ADMIN = { email: 'admin@demo.plumbline.test', password: 'plumbline-demo' };

export type Agent = ReturnType<TestContext['agent']>;

export interface Actor {
  agent: Agent;
  user: CurrentUser;
}

export interface PlumberActor extends Actor {
  plumberId: string;
}

/** Registers (and logs in) a homeowner or a plumber with a profile; name and phone are distinctive so leaks are detectable. */
export async function registerActor(
  ctx: TestContext,
  role: 'homeowner' | 'plumber',
  contact: { name?: string; phone?: string } = {},
): Promise<Actor> {
  const agent = ctx.agent();
  const email = uniqueEmail(role);
  const res = await agent.post('/api/auth/register').send({ email, password: PASSWORD, role });
  expect(res.status).toBe(201);
  const name = contact.name ?? `Test ${role} ${email.split('@')[0]}`;
  const phone = contact.phone ?? `303555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  // The profile step every account takes before its first job post or quote.
  const profile = await agent.patch('/api/account').send({ name, phone });
  expect(profile.status).toBe(200);
  return { agent, user: { ...res.body, name, phone } };
}

/** Onboarding details that pass every check: insurance for a year from today on the app's clock. */
export function onboardingDetails(ctx: TestContext): PlumberOnboardingInput {
  return {
    businessName: 'Test Plumbing Co.',
    licenseNumber: 'M-12345',
    licenseState: 'TX',
    insuranceExpiresOn: dayFromTodayIn(ctx.config.appTimeZone, 365),
  };
}

/** The plumber submits its business details (it is pending afterwards). */
export async function submitOnboarding(ctx: TestContext, plumber: Agent): Promise<void> {
  const res = await plumber.put('/api/plumbers/me/onboarding').send(onboardingDetails(ctx));
  expect(res.status).toBe(200);
  expect(res.body.verificationStatus).toBe('pending');
}

/** One logged-in demo admin per test app, for the fixtures that verify plumbers. */
const fixtureAdmins = new WeakMap<TestContext, Promise<Agent>>();

/** The demo admin verifies a plumber that has submitted its details, as on the admin page. */
export async function verifyPlumber(ctx: TestContext, plumberId: string): Promise<void> {
  let admin = fixtureAdmins.get(ctx);
  if (!admin) fixtureAdmins.set(ctx, (admin = loginAdmin(ctx).then((actor) => actor.agent)));
  const res = await (await admin).post(`/api/admin/plumbers/${plumberId}/verify`);
  expect(res.status).toBe(200);
  expect(res.body.verificationStatus).toBe('verified');
}

/**
 * A plumber working from a ZIP code within a radius (set through the API). Unless `vetting` says
 * otherwise it has onboarded and the demo admin has verified it, so it sees nearby jobs and quotes.
 */
export async function registerPlumber(
  ctx: TestContext,
  location: { zip: string; serviceRadiusKm: number } | null = { zip: '80202', serviceRadiusKm: 30 },
  { vetting = 'verified' }: { vetting?: 'verified' | 'submitted' | 'none' } = {},
): Promise<PlumberActor> {
  const actor = await registerActor(ctx, 'plumber');
  const profile = await actor.agent.get(`/api/plumbers/user/${actor.user.id}`);
  expect(profile.status).toBe(200);
  if (location) {
    const res = await actor.agent.put('/api/plumbers/me/location').send(location);
    expect(res.status).toBe(200);
  }
  if (vetting !== 'none') await submitOnboarding(ctx, actor.agent);
  if (vetting === 'verified') await verifyPlumber(ctx, profile.body.id);
  return { ...actor, plumberId: profile.body.id };
}

export async function loginAdmin(ctx: TestContext): Promise<Actor> {
  const agent = ctx.agent();
  const res = await agent.post('/api/auth/login').send(DEMO_ADMIN);
  expect(res.status).toBe(200);
  return { agent, user: res.body };
}

/** A job posted by `customerId` at `address` (coordinates from its ZIP code, as booking does). */
export async function createJob(
  ctx: TestContext,
  customerId: string,
  options: { address?: string; urgency?: Urgency; issueSlug?: string; description?: string } = {},
): Promise<Job> {
  const address = options.address ?? '1701 Wynkoop St, Denver, CO 80202';
  const place = locateAddress(address);
  if (!place) throw new Error(`no ZIP code in ${address}`);
  return postJob(ctx.database.db, {
    customerId,
    issueSlug: options.issueSlug ?? 'clogged-drain',
    issueDescription: options.description ?? 'Kitchen sink drains slowly and gurgles after every use.',
    address,
    lat: place.lat,
    lng: place.lng,
    urgency: options.urgency ?? 'routine',
    preferredDate: null,
  });
}

/**
 * Every job GET /api/jobs/nearby lists for the plumber, in order: the first page, then each
 * `nextCursor` until it is null (a test database may hold more than one page near the plumber).
 */
export async function listAllNearby(plumber: Actor): Promise<NearbyJob[]> {
  const jobs: NearbyJob[] = [];
  let cursor: string | null = null;
  do {
    const res = await plumber.agent.get('/api/jobs/nearby').query(cursor ? { cursor } : {});
    expect(res.status, res.text).toBe(200);
    jobs.push(...(res.body.items as NearbyJob[]));
    cursor = res.body.nextCursor as string | null;
  } while (cursor);
  return jobs;
}

export async function sendQuote(
  plumber: Actor,
  jobId: string,
  minTotal = 150,
  maxTotal = 300,
): Promise<string> {
  const res = await plumber.agent.post('/api/quotes').send({ jobId, minTotal, maxTotal });
  expect(res.status).toBe(201);
  return res.body.id;
}

export async function acceptQuote(owner: Actor, jobId: string, quoteId: string): Promise<void> {
  const res = await owner.agent.post(`/api/jobs/${jobId}/accept-quote`).send({ quoteId });
  expect(res.status).toBe(200);
}

export async function setStatus(actor: Actor, jobId: string, status: string, extra: object = {}) {
  return actor.agent.patch(`/api/jobs/${jobId}/status`).send({ status, ...extra });
}
