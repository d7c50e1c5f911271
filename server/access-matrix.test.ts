import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, notInArray } from 'drizzle-orm';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import {
  availabilitySlots,
  diagnostics,
  jobMedia,
  jobs,
  modifiers,
  payouts,
  pricingCatalog,
  regions,
  users,
} from '@shared/schema';
import { SESSION_COOKIE_NAME } from './auth/session';
import {
  DEMO_ADMIN,
  acceptQuote,
  createJob,
  onboardingDetails,
  sendQuote,
  setStatus,
  type Actor,
  type Agent,
} from './modules/jobs/marketplace.fixtures';
import { listRoutes } from './test/list-routes';
import { photoLike } from './test/photos';
import { readEventStreamStart } from './test/sse-client';
import {
  ACTORS,
  ROUTE_MANIFEST,
  caseLabel,
  fillPath,
  type ActorName,
  type CaseFixture,
  type ContactField,
  type DetailOwner,
  type Grants,
  type JobStage,
  type RouteCase,
} from './test/route-manifest';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from './test/test-context';

/**
 * Hostile input and access (docs/decisions/013-test-tiers.md): every route × every actor of server/test/route-manifest.ts
 * answers the status the manifest says, and no answer carries a password hash, a session id or
 * someone else's contact details. Each cell builds the fresh state its route needs (a new job, a
 * new booking request, a new account), so an allowed change in one cell never decides another.
 */

type Person = Exclude<ActorName, 'anonymous'>;
const PASSWORD = 'access-grid-password';
const CONTACT_FIELDS: readonly ContactField[] = ['email', 'phone', 'name', 'address'];

/** Distinctive names, phones and streets, so finding one in an answer means it leaked. */
const PEOPLE: Record<Person, { name: string; phone: string; address?: string }> = {
  homeowner: { name: 'Hollis Ownerby', phone: '7205550111', address: '1701 Wynkoop St, Denver, CO 80202' },
  otherHomeowner: {
    name: 'Oona Otherhome',
    phone: '7205550122',
    address: '2240 Clermont St, Denver, CO 80206',
  },
  plumber: { name: 'Piper Quotewell', phone: '7205550133' },
  otherPlumber: { name: 'Otto Elsepipe', phone: '7205550144' },
  admin: { name: 'Ada Overseer', phone: '7205550155' },
};

/** The street part of an address: the area after it ('Denver, CO 80202') is not private. */
const streetOf = (address: string) => address.split(',')[0].trim();

/** Every page of GET /api/jobs/nearby for a plumber, following `nextCursor` until it is null. */
async function nearbyPages(plumber: Actor): Promise<Response[]> {
  const pages: Response[] = [];
  let cursor: string | null = null;
  do {
    const res = await plumber.agent.get('/api/jobs/nearby').query(cursor ? { cursor } : {});
    expect(res.status).toBe(200);
    pages.push(res);
    cursor = res.body.nextCursor as string | null;
  } while (cursor);
  return pages;
}

interface Account extends Actor {
  email: string;
  password: string;
  /** The session cookie's value, as the browser sends it. */
  cookie: string;
}

describe(`access matrix: every route × every actor (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let dataDir: string;
  let accounts: Record<Person, Account>;
  let plumberIds: { plumberId: string; userId: string };
  let mediaPath: string;
  /** Every session cookie value seen, and the raw session id inside it. */
  const sessionSecrets = new Set<string>();
  /** Each person's private details, and the demo accounts' ("bystanders"). */
  const details = new Map<DetailOwner, Record<ContactField, string[]>>();

  /**
   * Keeps the session cookies a response sets: the value as sent, decoded (`s:<id>.<signature>`)
   * and the bare id. Returns the last value set.
   */
  function rememberSessions(res: Response): string {
    let last = '';
    for (const cookie of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      if (!cookie.startsWith(`${SESSION_COOKIE_NAME}=`)) continue;
      const value = cookie.slice(SESSION_COOKIE_NAME.length + 1).split(';')[0];
      if (!value) continue; // a cleared cookie
      const decoded = decodeURIComponent(value);
      sessionSecrets.add(value).add(decoded);
      if (decoded.startsWith('s:')) sessionSecrets.add(decoded.slice(2, decoded.lastIndexOf('.')));
      last = value;
    }
    return last;
  }

  async function register(role: 'homeowner' | 'plumber'): Promise<Account> {
    const agent = ctx.agent();
    const email = uniqueEmail(`matrix-${role}`);
    const res = await agent.post('/api/auth/register').send({ email, password: PASSWORD, role });
    expect(res.status).toBe(201);
    return { agent, user: res.body, email, password: PASSWORD, cookie: rememberSessions(res) };
  }

  /** A new session of an existing account, through its own cookie jar. */
  async function logIn(email: string, password: string): Promise<Account> {
    const agent = ctx.agent();
    const res = await agent.post('/api/auth/login').send({ email, password });
    expect(res.status).toBe(200);
    return { agent, user: res.body, email, password, cookie: rememberSessions(res) };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-access-matrix-'));
    ctx = await createTestContext({ seed: true, env: { DATA_DIR: dataDir } });

    const admin = await logIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    accounts = {
      homeowner: await register('homeowner'),
      otherHomeowner: await register('homeowner'),
      plumber: await register('plumber'),
      otherPlumber: await register('plumber'),
      admin,
    };
    for (const person of Object.keys(PEOPLE) as Person[]) {
      const { name, phone } = PEOPLE[person];
      const profile = await accounts[person].agent.patch('/api/account').send({ name, phone });
      expect(profile.status).toBe(200);
    }
    // Both plumbers work downtown Denver, 30 km around: both homeowners' jobs are in their area.
    // Both have onboarded and the admin has verified them, so they see those jobs and quote.
    for (const person of ['plumber', 'otherPlumber'] as const) {
      const res = await accounts[person].agent
        .put('/api/plumbers/me/location')
        .send({ zip: '80202', serviceRadiusKm: 30 });
      expect(res.status).toBe(200);
      if (person === 'plumber') plumberIds = { plumberId: res.body.id, userId: res.body.userId };
      const onboarded = await accounts[person].agent
        .put('/api/plumbers/me/onboarding')
        .send(onboardingDetails(ctx));
      expect(onboarded.status).toBe(200);
      const verified = await admin.agent.post(`/api/admin/plumbers/${res.body.id}/verify`);
      expect(verified.status).toBe(200);
    }
    // The other homeowner has an open job of its own in the area (its street must never show).
    await createJob(ctx, accounts.otherHomeowner.user.id, { address: PEOPLE.otherHomeowner.address });

    // A stored, cleaned photo for GET /media/:file.
    // A scene with detail: a diagnosis refuses a flat, detail-less photo (shared/photo-quality.ts).
    const photo = await photoLike({ width: 32, height: 24 });
    const diagnosis = await ctx.request.post('/api/diagnose').send({
      description: 'Water is pooling under the kitchen sink cabinet',
      location: 'kitchen',
      urgency: 'routine',
      imageUrls: [`data:image/jpeg;base64,${photo.toString('base64')}`],
    });
    expect(diagnosis.status).toBe(201);
    const [stored] = await ctx.database.db
      .select()
      .from(diagnostics)
      .where(eq(diagnostics.id, diagnosis.body.id));
    mediaPath = stored.imageUrls[0];
    expect(mediaPath).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);

    for (const person of Object.keys(PEOPLE) as Person[]) {
      const { name, phone, address } = PEOPLE[person];
      details.set(person, {
        email: [accounts[person].email],
        phone: [phone],
        name: [name],
        address: address ? [streetOf(address)] : [],
      });
    }
    // The seeded demo accounts: related to nobody here, so their details must reach nobody.
    const actorIds = Object.values(accounts).map((account) => account.user.id);
    const others = await ctx.database.db.select().from(users).where(notInArray(users.id, actorIds));
    expect(others.length, 'the demo accounts').toBeGreaterThan(0);
    const theirJobs = await ctx.database.db
      .select({ address: jobs.address })
      .from(jobs)
      .where(
        inArray(
          jobs.customerId,
          others.map((user) => user.id),
        ),
      );
    details.set('bystanders', {
      email: others.map((user) => user.email),
      phone: others.flatMap((user) => (user.phone ? [user.phone] : [])),
      name: others.flatMap((user) => (user.name ? [user.name] : [])),
      address: [...new Set(theirJobs.map((job) => streetOf(job.address)))],
    });
  });

  afterAll(async () => {
    await ctx?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * Windows that never overlap on the one plumber's calendar: the n-th scheduled job books the n-th
   * hour from ten days ahead (past `futureDate`, the day off a case sets; each ends at :59, so never
   * across midnight); its spare window (for a reschedule) lies a year further on.
   */
  let windowCount = 0;
  const weekAhead = Math.ceil((Date.now() + 10 * 86_400_000) / 3_600_000) * 3_600_000;
  function nextWindows() {
    windowCount += 1;
    const hourAt = (base: number) => ({
      startsAt: new Date(base + windowCount * 3_600_000).toISOString(),
      endsAt: new Date(base + (windowCount + 1) * 3_600_000 - 60_000).toISOString(),
    });
    return { booked: hourAt(weekAhead), spare: hourAt(weekAhead + 365 * 86_400_000) };
  }

  /** A job of the homeowner at `stage`, the involved plumber quoting / hired / working on it. */
  async function jobAt(stage: JobStage): Promise<CaseFixture['job']> {
    const { homeowner, plumber } = accounts;
    const job = await createJob(ctx, homeowner.user.id, { address: PEOPLE.homeowner.address });
    // Each job shows the stored diagnosis photo, as a job booked from that diagnosis would.
    const [photo] = await ctx.database.db
      .insert(jobMedia)
      .values({ jobId: job.id, type: 'image', s3Key: mediaPath.split('/').pop()!, url: mediaPath })
      .returning({ id: jobMedia.id });
    const photoId = photo.id;
    const windows = nextWindows();
    const base = { id: job.id, photoId, spareWindow: windows.spare, proposalId: null, payoutId: null };
    if (stage === 'open') return { ...base, quoteId: null, changeOrderId: null };
    // From `scheduled` on the accepted quote carries a window, so the job has a booked appointment.
    const quote = await plumber.agent
      .post('/api/quotes')
      .send({ jobId: job.id, minTotal: 150, maxTotal: 300, appointment: windows.booked });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const quoteId: string = quote.body.id;
    if (stage !== 'quoted') await acceptQuote(homeowner, job.id, quoteId);
    if (stage === 'in_progress' || stage === 'completed') {
      expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(200);
    }
    if (stage === 'completed') {
      expect((await setStatus(plumber, job.id, 'completed')).status).toBe(200);
      // Completing the job wrote its payout (pending), for the admin's ledger.
      const [payout] = await ctx.database.db
        .select({ id: payouts.id })
        .from(payouts)
        .where(eq(payouts.jobId, job.id));
      return { ...base, quoteId, changeOrderId: null, payoutId: payout.id };
    }
    if (stage === 'change_requested') {
      const res = await plumber.agent
        .post(`/api/jobs/${job.id}/change-orders`)
        .send({ amount: 80, reason: 'The shut-off valve is corroded and must be replaced' });
      expect(res.status).toBe(201);
      return { ...base, quoteId, changeOrderId: res.body.id };
    }
    if (stage === 'reschedule_proposed') {
      const res = await plumber.agent.post(`/api/jobs/${job.id}/reschedule`).send(windows.spare);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { ...base, quoteId, changeOrderId: null, proposalId: res.body.id };
    }
    return { ...base, quoteId, changeOrderId: null };
  }

  /** The homeowner's booking request (made logged in, so it is theirs) and a free slot on its date. */
  async function serviceRequest(): Promise<CaseFixture['serviceRequest']> {
    const date = dayFromTodayIn(ctx.config.appTimeZone, 9);
    const res = await accounts.homeowner.agent.post('/api/service-requests').send({
      name: PEOPLE.homeowner.name,
      email: accounts.homeowner.email,
      phone: PEOPLE.homeowner.phone,
      serviceType: 'Leak Detection',
      preferredDate: date,
      urgency: 'routine',
      description: 'A damp patch keeps growing on the hallway ceiling.',
      address: PEOPLE.homeowner.address,
    });
    expect(res.status).toBe(201);
    const [slot] = await ctx.database.db
      .insert(availabilitySlots)
      .values({ date, startTime: '10:00', endTime: '12:00' })
      .returning();
    return { id: res.body.id, slotId: slot.id };
  }

  /**
   * A guest's booking (no session) with the homeowner's e-mail, which the homeowner has verified:
   * an admin may convert it into the homeowner's job.
   */
  async function guestServiceRequest(): Promise<CaseFixture['guestServiceRequest']> {
    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, accounts.homeowner.user.id));
    const res = await ctx
      .agent()
      .post('/api/service-requests')
      .send({
        name: PEOPLE.homeowner.name,
        email: accounts.homeowner.email,
        phone: PEOPLE.homeowner.phone,
        serviceType: 'Toilet Repair',
        preferredDate: dayFromTodayIn(ctx.config.appTimeZone, 9),
        urgency: 'routine',
        description: 'The toilet keeps running after every flush.',
        address: PEOPLE.homeowner.address,
      });
    expect(res.status).toBe(201);
    return { id: res.body.id };
  }

  /** A new job of the homeowner, quoted on by the plumber, and the homeowner's open report on it. */
  async function report(): Promise<CaseFixture['report']> {
    const job = await jobAt('quoted');
    const res = await accounts.homeowner.agent
      .post(`/api/jobs/${job.id}/reports`)
      .send({ reason: 'quality', details: 'The quote changed after the visit was booked.' });
    expect(res.status).toBe(201);
    return { id: res.body.id, jobId: job.id };
  }

  /** A catalogue item, a region and a modifier only this cell uses (an admin's edit spoils no other cell). */
  async function pricingRows(): Promise<CaseFixture['pricingRows']> {
    const tag = randomBytes(4).toString('hex');
    const [item] = await ctx.database.db
      .insert(pricingCatalog)
      .values({
        issueSlug: `matrix-${tag}`,
        issueName: 'Matrix Issue',
        baseMin: '100.00',
        baseMax: '200.00',
        category: 'Repairs',
      })
      .returning();
    const [region] = await ctx.database.db
      .insert(regions)
      .values({ code: `MX${tag.toUpperCase()}`.slice(0, 9), name: 'Matrix Metro', state: 'CO' })
      .returning();
    const [modifier] = await ctx.database.db
      .insert(modifiers)
      .values({ key: `matrix_${tag}`, type: 'multiplier', name: 'Matrix', valuesJson: { multiplier: 1.1 } })
      .returning();
    return { issueSlug: item.issueSlug, regionCode: region.code, modifierId: modifier.id };
  }

  /** A new plumber that has submitted its details and waits for the admin. */
  async function pendingPlumber(): Promise<CaseFixture['pendingPlumber']> {
    const plumber = await register('plumber');
    const res = await plumber.agent.put('/api/plumbers/me/onboarding').send(onboardingDetails(ctx));
    expect(res.status).toBe(200);
    return { plumberId: res.body.id };
  }

  /** A new homeowner account for the admin to act on, suspended by the admin when asked. */
  async function person({ suspended }: { suspended: boolean }): Promise<CaseFixture['person']> {
    const res = await ctx
      .agent()
      .post('/api/auth/register')
      .send({ email: uniqueEmail('matrix-person'), password: PASSWORD });
    expect(res.status).toBe(201);
    rememberSessions(res);
    if (suspended) {
      const done = await accounts.admin.agent
        .post(`/api/admin/users/${res.body.id}/suspend`)
        .send({ reason: 'Held for the access matrix' });
      expect(done.status).toBe(200);
    }
    return { userId: res.body.id };
  }

  async function freshAccount(): Promise<CaseFixture['account']> {
    const email = uniqueEmail('matrix-login');
    const res = await ctx.agent().post('/api/auth/register').send({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    rememberSessions(res);
    return { email, password: PASSWORD };
  }

  /** A part of the fixture the case's setup did not build: reading it is a mistake in the manifest. */
  const notBuilt = <T extends object>(part: string, entry: RouteCase): T =>
    new Proxy({} as T, {
      get: () => {
        throw new Error(`${caseLabel(entry)} reads the fixture's ${part}, but its setup is '${entry.setup}'`);
      },
    });

  /**
   * Reads change nothing, so the six cells of a GET share one fixture; every cell of a write gets
   * its own (a guard that let the wrong actor through would otherwise spoil the next cell).
   */
  const readFixtures = new Map<RouteCase, Promise<CaseFixture>>();
  function fixtureFor(entry: RouteCase): Promise<CaseFixture> {
    if (!entry.route.startsWith('GET ')) return buildFixture(entry);
    let fixture = readFixtures.get(entry);
    if (!fixture) readFixtures.set(entry, (fixture = buildFixture(entry)));
    return fixture;
  }

  async function buildFixture(entry: RouteCase): Promise<CaseFixture> {
    const { setup } = entry;
    return {
      plumber: plumberIds,
      freshEmail: uniqueEmail('matrix-fresh'),
      futureDate: dayFromTodayIn(ctx.config.appTimeZone, 7),
      pastDate: dayFromTodayIn(ctx.config.appTimeZone, -1),
      mediaPath,
      job: setup.startsWith('job:')
        ? await jobAt(setup.slice('job:'.length) as JobStage)
        : notBuilt('job', entry),
      serviceRequest: setup === 'serviceRequest' ? await serviceRequest() : notBuilt('serviceRequest', entry),
      account: setup === 'account' ? await freshAccount() : notBuilt('account', entry),
      pendingPlumber: setup === 'pendingPlumber' ? await pendingPlumber() : notBuilt('pendingPlumber', entry),
      person:
        setup === 'person' || setup === 'suspendedPerson'
          ? await person({ suspended: setup === 'suspendedPerson' })
          : notBuilt('person', entry),
      guestServiceRequest:
        setup === 'guestServiceRequest'
          ? await guestServiceRequest()
          : notBuilt('guestServiceRequest', entry),
      report: setup === 'report' ? await report() : notBuilt('report', entry),
      pricingRows: setup === 'pricingRows' ? await pricingRows() : notBuilt('pricingRows', entry),
    };
  }

  async function agentFor(actor: ActorName, entry: RouteCase): Promise<Agent> {
    if (actor === 'anonymous') return ctx.agent();
    const account = accounts[actor];
    return entry.freshSession ? (await logIn(account.email, account.password)).agent : account.agent;
  }

  async function send(agent: Agent, entry: RouteCase, fixture: CaseFixture): Promise<Response> {
    const [method, routePath] = entry.route.split(' ');
    const url = fillPath(routePath, entry.params?.(fixture) ?? {});
    const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let request = agent[verb](url);
    if (entry.query) request = request.query(entry.query(fixture));
    if (entry.body) request = request.send(entry.body(fixture));
    if (entry.stream) request = request.buffer(true).parse(readEventStreamStart);
    return request;
  }

  /** The answer as text: JSON as sent, binary bodies (photos) byte for byte. */
  const rawBody = (res: Response): string =>
    Buffer.isBuffer(res.body) ? res.body.toString('latin1') : (res.text ?? JSON.stringify(res.body ?? null));

  /** Paths of keys naming a password hash, at any depth. */
  function passwordHashKeys(value: unknown, at = '$'): string[] {
    if (Array.isArray(value))
      return value.flatMap((item, index) => passwordHashKeys(item, `${at}[${index}]`));
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, item]) => [
      ...(/^password_?hash$/i.test(key) ? [`${at}.${key}`] : []),
      ...passwordHashKeys(item, `${at}.${key}`),
    ]);
  }

  /** Other people's details in `text` that `viewer` is not granted. */
  function findLeaks(viewer: ActorName, text: string, grants: Grants = {}): string[] {
    const haystack = text.toLowerCase();
    const leaks: string[] = [];
    for (const [owner, fields] of details) {
      if (owner === viewer) continue;
      const granted = grants[viewer]?.[owner] ?? [];
      for (const field of CONTACT_FIELDS) {
        if (granted.includes(field)) continue;
        for (const value of fields[field]) {
          if (haystack.includes(value.toLowerCase())) leaks.push(`${owner}'s ${field} "${value}"`);
        }
      }
    }
    return leaks;
  }

  /** What every answer of the matrix must not contain. */
  function expectNothingSecret(res: Response, viewer: ActorName, grants?: Grants) {
    rememberSessions(res);
    const text = rawBody(res);
    expect(passwordHashKeys(res.body), 'password hash keys').toEqual([]);
    expect(text).not.toMatch(/password_?hash/i);
    expect(text, 'a bcrypt hash').not.toMatch(/\$2[aby]\$\d{2}\$/);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(DEMO_ADMIN.password);
    expect(
      [...sessionSecrets].filter((secret) => text.includes(secret)),
      'session ids in the body',
    ).toEqual([]);
    expect(findLeaks(viewer, text, grants), 'other people’s contact details').toEqual([]);
  }

  it('lists every route the app answers, and only those', () => {
    const appRoutes = listRoutes(ctx.app).map((route) => `${route.method} ${route.path}`);
    const manifestRoutes = new Set<string>(ROUTE_MANIFEST.map((entry) => entry.route));
    expect(
      appRoutes.filter((route) => !manifestRoutes.has(route)),
      'routes missing from the manifest',
    ).toEqual([]);
    expect(
      [...manifestRoutes].filter((route) => !appRoutes.includes(route)),
      'manifest routes the app does not have',
    ).toEqual([]);
    const labels = ROUTE_MANIFEST.map(caseLabel);
    expect(new Set(labels).size, 'each case has its own label').toBe(labels.length);
  });

  const cells = ROUTE_MANIFEST.flatMap((entry) =>
    ACTORS.map((actor) => [caseLabel(entry), actor, entry.expected[actor], entry] as const),
  );

  it.each(cells)('%s as %s → %i', async (_label, actor, expected, entry) => {
    const fixture = await fixtureFor(entry);
    const res = await send(await agentFor(actor, entry), entry, fixture);
    expect(res.status, rawBody(res).slice(0, 500)).toBe(expected);
    if (entry.route.includes(' /api/')) {
      const successType = entry.successType ?? (entry.stream ? 'text/event-stream' : 'application/json');
      expect(res.type).toBe(expected < 300 ? successType : 'application/json');
    }
    if (expected >= 400) {
      expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expectNothingSecret(res, actor, entry.reveals);
  });

  it('shows plumbers both homeowners’ open jobs nearby, by area only', async () => {
    for (const person of ['plumber', 'otherPlumber'] as const) {
      // Every page: each cell posts another job near them.
      const pages = await nearbyPages(accounts[person]);
      const listed = pages.flatMap((page) => page.body.items as { id: string; area: string }[]);
      const owners = await ctx.database.db
        .select({ customerId: jobs.customerId })
        .from(jobs)
        .where(
          inArray(
            jobs.id,
            listed.map((job) => job.id),
          ),
        );
      const customerIds = new Set(owners.map((owner) => owner.customerId));
      // Not a vacuous check: the list holds jobs of both homeowners, at their private streets.
      expect(customerIds).toContain(accounts.homeowner.user.id);
      expect(customerIds).toContain(accounts.otherHomeowner.user.id);
      for (const job of listed) {
        const contactKeys = Object.keys(job).filter((key) =>
          /^(customer.*|email|phone|name|address|lat|lng)$/.test(key),
        );
        expect(contactKeys).toEqual([]);
        expect(job.area).toMatch(/^Denver, CO 802\d\d$/);
      }
      for (const page of pages) expect(findLeaks(person, page.text)).toEqual([]);
    }
  });

  it('would notice a leak: the hired plumber’s assigned jobs hold the homeowner’s contact', async () => {
    await jobAt('scheduled');
    const res = await accounts.plumber.agent.get('/api/jobs/assigned');
    expect(res.status).toBe(200);
    // Granted to the plumber itself; the same text in another actor's answer would be four leaks.
    expect(findLeaks('plumber', res.text, { plumber: { homeowner: CONTACT_FIELDS } })).toEqual([]);
    expect(findLeaks('otherPlumber', res.text)).toEqual(
      expect.arrayContaining(CONTACT_FIELDS.map((field) => expect.stringContaining(`homeowner's ${field}`))),
    );
  });

  it('shows the homeowner its hired plumber’s name and phone on its job once accepted, and no other plumber’s', async () => {
    const { homeowner, plumber, otherPlumber } = accounts;
    const job = await createJob(ctx, homeowner.user.id, { address: PEOPLE.homeowner.address });
    const quoteId = await sendQuote(plumber, job.id);
    await sendQuote(otherPlumber, job.id, 160, 280);
    const jobIn = async () => {
      const res = await homeowner.agent.get('/api/jobs');
      expect(res.status).toBe(200);
      return res.body.find((item: { id: string }) => item.id === job.id);
    };

    // Two quotes, none accepted: the job names no plumber and shows neither's details.
    const before = await jobIn();
    expect(before.plumber).toBeNull();
    expect(findLeaks('homeowner', JSON.stringify(before))).toEqual([]);

    await acceptQuote(homeowner, job.id, quoteId);
    const after = await jobIn();
    expect(after.plumber).toEqual({
      name: PEOPLE.plumber.name,
      businessName: onboardingDetails(ctx).businessName,
      phone: PEOPLE.plumber.phone,
    });
    // Exactly the hired plumber's name and phone: its e-mail and the other plumber stay out.
    expect(findLeaks('homeowner', JSON.stringify(after)).sort()).toEqual(
      [`plumber's name "${PEOPLE.plumber.name}"`, `plumber's phone "${PEOPLE.plumber.phone}"`].sort(),
    );
    const manifestGrants = ROUTE_MANIFEST.find((entry) => entry.route === 'GET /api/jobs')?.reveals;
    expect(findLeaks('homeowner', JSON.stringify(after), manifestGrants)).toEqual([]);
  });

  it('looks for the real session ids: the homeowner’s cookie and the session row behind it', async () => {
    const { cookie } = accounts.homeowner;
    const user = await ctx.request.get('/api/auth/user').set('Cookie', `${SESSION_COOKIE_NAME}=${cookie}`);
    expect(user.status).toBe(200);
    expect(user.body.id).toBe(accounts.homeowner.user.id);
    const decoded = decodeURIComponent(cookie);
    const sid = decoded.slice(2, decoded.lastIndexOf('.'));
    const row = await ctx.database.pool.query('select sid from session where sid = $1', [sid]);
    expect(row.rowCount).toBe(1);
    for (const secret of [cookie, decoded, sid]) expect(sessionSecrets).toContain(secret);
  });
});
