import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStatusEvents, jobs, payouts, quotes } from '@shared/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed';
import { DEMO_PLUMBER } from '../../db/seed/demo';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { haversineKm, lookupZip } from '../geo';
import {
  acceptQuote,
  createJob,
  listAllNearby,
  onboardingDetails,
  registerActor,
  registerPlumber,
  sendQuote,
  setStatus,
  type Actor,
  type PlumberActor,
} from './marketplace.fixtures';

describe(`marketplace API (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const statusEventsOf = async (jobId: string) =>
    (
      await ctx.database.db
        .select()
        .from(jobStatusEvents)
        .where(eq(jobStatusEvents.jobId, jobId))
        .orderBy(asc(jobStatusEvents.createdAt))
    ).map((event) => event.status);

  it('runs the whole loop: post → nearby → quote → accept → start → complete → payout → rating → average', async () => {
    const owner = await registerActor(ctx, 'homeowner', { name: 'Hannah Homeowner', phone: '3035550199' });
    const plumber = await registerPlumber(ctx, { zip: '80202', serviceRadiusKm: 30 });
    const address = '2240 Clermont St, Denver, CO 80206';
    const job = await createJob(ctx, owner.user.id, {
      address,
      urgency: 'urgent',
      issueSlug: 'leaky-faucet',
    });

    // The plumber sees the job with the right distance and only its area.
    const seen = (await listAllNearby(plumber)).find((item) => item.id === job.id)!;
    const expectedKm = haversineKm(lookupZip('80202')!, lookupZip('80206')!);
    expect(seen).toMatchObject({
      issueSlug: 'leaky-faucet',
      urgency: 'urgent',
      area: 'Denver, CO 80206',
      alreadyQuoted: false,
    });
    expect(seen.distanceKm).toBeCloseTo(expectedKm, 1);
    expect(seen.distanceKm).toBeGreaterThan(3);
    // Plumbline's estimate (the pricing engine, for the job's ZIP and urgency) guides the quote.
    const estimate = await ctx.request
      .get('/api/pricing/estimate')
      .query({ issueSlug: 'leaky-faucet', zip: '80206', urgency: 'urgent' });
    expect(estimate.status).toBe(200);
    expect(seen.estimate).toEqual({
      min: estimate.body.costBreakdown.total.min,
      max: estimate.body.costBreakdown.total.max,
    });

    // The plumber quotes; a plumberId in the body is ignored.
    const other = await registerPlumber(ctx);
    const quoteRes = await plumber.agent.post('/api/quotes').send({
      jobId: job.id,
      minTotal: '150',
      maxTotal: 300,
      plumberId: other.plumberId,
      breakdownJson: 'Parts included',
    });
    expect(quoteRes.status).toBe(201);
    expect(quoteRes.body).toMatchObject({
      jobId: job.id,
      plumberId: plumber.plumberId,
      minTotal: '150.00',
      maxTotal: '300.00',
      currency: 'USD',
      status: 'pending',
      breakdownJson: { note: 'Parts included' },
    });
    const afterQuote = await listAllNearby(plumber);
    expect(afterQuote.find((item) => item.id === job.id)).toMatchObject({ alreadyQuoted: true });
    const plumberQuotes = await plumber.agent.get(`/api/quotes/plumber/${plumber.plumberId}`);
    expect(plumberQuotes.status).toBe(200);
    expect(plumberQuotes.body).toEqual([
      expect.objectContaining({
        jobId: job.id,
        job: { issueSlug: 'leaky-faucet', currentStatus: 'quoted', statusLabel: 'Quoted' },
      }),
    ]);

    // The homeowner sees the quote with the plumber's (empty) rating, and the job as Quoted.
    const jobQuotes = await owner.agent.get(`/api/quotes/job/${job.id}`);
    expect(jobQuotes.status).toBe(200);
    expect(jobQuotes.body).toHaveLength(1);
    expect(jobQuotes.body[0]).toMatchObject({
      id: quoteRes.body.id,
      plumber: { id: plumber.plumberId, rating: { average: null, count: 0 } },
    });
    // Who quoted — business, person, verified — but no way to reach them before acceptance.
    expect(jobQuotes.body[0].plumber).toEqual({
      id: plumber.plumberId,
      name: plumber.user.name,
      businessName: onboardingDetails(ctx).businessName,
      verificationStatus: 'verified',
      rating: { average: null, count: 0 },
    });
    expect(JSON.stringify(jobQuotes.body)).not.toContain(plumber.user.email);
    expect(JSON.stringify(jobQuotes.body)).not.toContain(plumber.user.phone);
    const mine = await owner.agent.get('/api/jobs');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        id: job.id,
        address,
        currentStatus: 'quoted',
        statusLabel: 'Quoted',
        plumberId: null,
        plumber: null,
        rating: null,
      }),
    ]);
    expect(mine.body[0].estimate).toMatchObject(seen.estimate!);
    expect(mine.text).not.toContain(plumber.user.phone);

    // Accept → scheduled with the plumber assigned.
    const accepted = await owner.agent
      .post(`/api/jobs/${job.id}/accept-quote`)
      .send({ quoteId: quoteRes.body.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body.job).toMatchObject({
      id: job.id,
      currentStatus: 'scheduled',
      plumberId: plumber.plumberId,
    });
    expect(accepted.body.quote).toMatchObject({ id: quoteRes.body.id, status: 'accepted' });
    const gone = await listAllNearby(plumber);
    expect(gone.map((item) => item.id)).not.toContain(job.id);

    // Now the homeowner gets the hired plumber's name and phone (not its e-mail).
    const hired = await owner.agent.get('/api/jobs');
    expect(hired.body[0]).toMatchObject({ id: job.id, plumberId: plumber.plumberId });
    expect(hired.body[0].plumber).toEqual({
      name: plumber.user.name,
      businessName: onboardingDetails(ctx).businessName,
      phone: plumber.user.phone,
    });
    expect(hired.text).not.toContain(plumber.user.email);

    // Now the plumber gets the address and the homeowner's contact details.
    const assigned = await plumber.agent.get('/api/jobs/assigned');
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual([
      expect.objectContaining({
        id: job.id,
        address,
        currentStatus: 'scheduled',
        customer: { name: 'Hannah Homeowner', email: owner.user.email, phone: '3035550199' },
        acceptedQuote: { minTotal: '150.00', maxTotal: '300.00' },
        payout: null,
      }),
    ]);

    expect((await setStatus(plumber, job.id, 'in_progress', { notes: 'On site' })).body).toMatchObject({
      currentStatus: 'in_progress',
      statusLabel: 'In Progress',
    });
    const completed = await setStatus(plumber, job.id, 'completed');
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      currentStatus: 'completed',
      payout: { plumberGross: '300.00', platformFee: '30.00', plumberNet: '270.00', status: 'pending' },
    });
    const [payout] = await ctx.database.db.select().from(payouts).where(eq(payouts.jobId, job.id));
    expect(payout).toMatchObject({
      plumberId: plumber.plumberId,
      plumberGross: '300.00',
      platformFee: '30.00',
      plumberNet: '270.00',
      status: 'pending',
    });
    expect(await statusEventsOf(job.id)).toEqual([
      'requested',
      'quoted',
      'scheduled',
      'in_progress',
      'completed',
    ]);

    // The homeowner rates once; the plumber's average follows.
    const rating = await owner.agent
      .post(`/api/jobs/${job.id}/rating`)
      .send({ stars: 4, comment: ' Quick and tidy ' });
    expect(rating.status).toBe(201);
    expect(rating.body).toMatchObject({
      jobId: job.id,
      plumberId: plumber.plumberId,
      stars: 4,
      comment: 'Quick and tidy',
    });
    const again = await owner.agent.post(`/api/jobs/${job.id}/rating`).send({ stars: 5 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'You have already rated this job', code: 'CONFLICT' });

    expect((await owner.agent.get(`/api/plumbers/${plumber.plumberId}/average-rating`)).body).toEqual({
      average: 4,
      count: 1,
    });
    const ratings = await plumber.agent.get(`/api/plumbers/${plumber.plumberId}/ratings`);
    expect(ratings.body).toEqual([
      expect.objectContaining({ jobId: job.id, stars: 4, comment: 'Quick and tidy' }),
    ]);
    const finalJobs = await owner.agent.get('/api/jobs');
    expect(finalJobs.body[0]).toMatchObject({
      currentStatus: 'completed',
      statusLabel: 'Completed',
      rating: { stars: 4, comment: 'Quick and tidy' },
    });
  });

  it('names the verified demo plumber by its business on the demo jobs, and both sides’ contact once hired', async () => {
    const logIn = async (email: string): Promise<Actor> => {
      const agent = ctx.agent();
      const res = await agent.post('/api/auth/login').send({ email, password: DEMO_PASSWORD });
      expect(res.status).toBe(200);
      return { agent, user: res.body };
    };
    const demoPlumber = await logIn(DEMO_USERS.plumber.email);
    const neighbor = await logIn(DEMO_USERS.neighbor.email);
    const demoJobs = (await neighbor.agent.get('/api/jobs')).body as { id: string; issueSlug: string }[];
    const drain = demoJobs.find((job) => job.issueSlug === 'clogged-drain');
    if (!drain) throw new Error('the demo neighbor has a clogged-drain job');
    const quoteId = await sendQuote(demoPlumber, drain.id, 180, 320);

    const [quote] = (await neighbor.agent.get(`/api/quotes/job/${drain.id}`)).body;
    expect(quote.plumber).toMatchObject({
      name: DEMO_USERS.plumber.name,
      businessName: DEMO_PLUMBER.businessName,
      verificationStatus: 'verified',
      rating: { average: null, count: 0 },
    });
    expect(JSON.stringify(quote)).not.toContain(DEMO_USERS.plumber.phone);

    await acceptQuote(neighbor, drain.id, quoteId);
    const hired = (await neighbor.agent.get('/api/jobs')).body.find(
      (job: { id: string }) => job.id === drain.id,
    );
    expect(hired.plumber).toEqual({
      name: DEMO_USERS.plumber.name,
      businessName: DEMO_PLUMBER.businessName,
      phone: DEMO_USERS.plumber.phone,
    });
    const assigned = (await demoPlumber.agent.get('/api/jobs/assigned')).body.find(
      (job: { id: string }) => job.id === drain.id,
    );
    expect(assigned).toMatchObject({
      address: '1208 E 11th St, Austin, TX 78702',
      customer: {
        name: DEMO_USERS.neighbor.name,
        email: DEMO_USERS.neighbor.email,
        phone: DEMO_USERS.neighbor.phone,
      },
    });
  });

  it('pays out the final amount the plumber enters, less the platform fee, in whole cents', async () => {
    const owner = await registerActor(ctx, 'homeowner');
    const plumber = await registerPlumber(ctx);
    const job = await createJob(ctx, owner.user.id);
    await acceptQuote(owner, job.id, await sendQuote(plumber, job.id, 100, 300));
    expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(200);
    const done = await setStatus(plumber, job.id, 'completed', { finalAmount: '250.55' });
    expect(done.status).toBe(200);
    expect(done.body.payout).toEqual({
      plumberGross: '250.55',
      platformFee: '25.06',
      plumberNet: '225.49',
      status: 'pending',
      paidAt: null,
    });
  });

  it('gives no estimate for an issue outside the catalogue', async () => {
    const owner = await registerActor(ctx, 'homeowner');
    await createJob(ctx, owner.user.id, { issueSlug: 'something-unusual' });
    const [job] = (await owner.agent.get('/api/jobs')).body;
    expect(job).toMatchObject({ issueSlug: 'something-unusual', estimate: null });
  });

  it('averages several ratings and answers null with no ratings', async () => {
    const plumber = await registerPlumber(ctx);
    const viewer = await registerActor(ctx, 'homeowner');
    expect((await viewer.agent.get(`/api/plumbers/${plumber.plumberId}/average-rating`)).body).toEqual({
      average: null,
      count: 0,
    });
    for (const stars of [5, 4, 4]) {
      const owner = await registerActor(ctx, 'homeowner');
      const job = await createJob(ctx, owner.user.id);
      await acceptQuote(owner, job.id, await sendQuote(plumber, job.id));
      await setStatus(plumber, job.id, 'in_progress');
      await setStatus(plumber, job.id, 'completed');
      expect((await owner.agent.post(`/api/jobs/${job.id}/rating`).send({ stars })).status).toBe(201);
    }
    expect((await viewer.agent.get(`/api/plumbers/${plumber.plumberId}/average-rating`)).body).toEqual({
      average: 4.33,
      count: 3,
    });
    expect((await viewer.agent.get(`/api/plumbers/${plumber.plumberId}/ratings`)).body).toHaveLength(3);
    // The next homeowner's quote card carries the same average and review count.
    const next = await createJob(ctx, viewer.user.id);
    await sendQuote(plumber, next.id);
    const [quote] = (await viewer.agent.get(`/api/quotes/job/${next.id}`)).body;
    expect(quote.plumber).toMatchObject({
      verificationStatus: 'verified',
      rating: { average: 4.33, count: 3 },
    });
  });

  describe('GET /api/jobs/nearby', () => {
    let plumber: PlumberActor;
    let owner: Actor;
    beforeAll(async () => {
      owner = await registerActor(ctx, 'homeowner', { name: 'Olivia Private', phone: '7205550123' });
      plumber = await registerPlumber(ctx, { zip: '80202', serviceRadiusKm: 30 });
    });

    it('lists open jobs within the radius, emergencies first then nearest, and nothing else', async () => {
      const near = await createJob(ctx, owner.user.id, { address: '3301 Walnut St, Denver, CO 80205' });
      const middle = await createJob(ctx, owner.user.id, { address: '900 S Pearl St, Denver, CO 80209' });
      const farEmergency = await createJob(ctx, owner.user.id, {
        address: '6800 S Broadway, Littleton, CO 80126',
        urgency: 'emergency',
        issueSlug: 'burst-pipe',
      });
      const outside = await createJob(ctx, owner.user.id, { address: '1777 Broadway, Boulder, CO 80301' });
      const farAway = await createJob(ctx, owner.user.id, {
        address: '10 S Tejon St, Colorado Springs, CO 80904',
      });
      const cancelled = await createJob(ctx, owner.user.id, { address: '3301 Walnut St, Denver, CO 80205' });
      expect((await setStatus(owner, cancelled.id, 'cancelled')).status).toBe(200);
      const scheduled = await createJob(ctx, owner.user.id, { address: '3301 Walnut St, Denver, CO 80205' });
      const competitor = await registerPlumber(ctx);
      await acceptQuote(owner, scheduled.id, await sendQuote(competitor, scheduled.id));

      const items = await listAllNearby(plumber);
      const ids = items.map((item) => item.id);
      const mineInOrder = ids.filter((id) => [near.id, middle.id, farEmergency.id].includes(id));
      expect(mineInOrder).toEqual([farEmergency.id, near.id, middle.id]);
      for (const excluded of [outside, farAway, cancelled, scheduled]) expect(ids).not.toContain(excluded.id);

      // Emergencies (any) come before every other job, and within each group distance grows.
      const firstRoutine = items.findIndex((item) => item.urgency !== 'emergency');
      expect(items.slice(firstRoutine).every((item) => item.urgency !== 'emergency')).toBe(true);
      for (const group of [items.slice(0, firstRoutine), items.slice(firstRoutine)]) {
        const distances = group.map((item) => item.distanceKm);
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
      }
      for (const item of items) expect(item.distanceKm).toBeLessThanOrEqual(30);
    });

    it('never shows the homeowner name, phone, e-mail, street address or coordinates before acceptance', async () => {
      const street = '4521 Zenobia St';
      const job = await createJob(ctx, owner.user.id, { address: `${street}, Denver, CO 80211` });
      const before = await listAllNearby(plumber);
      const item = before.find((candidate) => candidate.id === job.id)!;
      expect(item.area).toBe('Denver, CO 80211');
      // What the card shows, nothing more (docs/decisions/035-nearby-pages.md).
      expect(Object.keys(item).sort()).toEqual(
        [
          'alreadyQuoted',
          'area',
          'createdAt',
          'distanceKm',
          'estimate',
          'id',
          'issueDescription',
          'issueSlug',
          // The /book slot's window: a time, nobody's details.
          'requestedWindow',
          // The job's zone, whose clock shows that window: a place's, not a person's.
          'timeZone',
          'urgency',
        ].sort(),
      );
      expect(Object.keys(item.estimate!).sort()).toEqual(['max', 'min']);
      const text = JSON.stringify(before);
      for (const secret of [
        street,
        'Zenobia',
        owner.user.email,
        'Olivia Private',
        '7205550123',
        owner.user.id,
      ]) {
        expect(text).not.toContain(secret);
      }

      // Quoting does not reveal anything either; the job's quotes show the plumber only its own.
      await sendQuote(plumber, job.id);
      const quoted = { body: await listAllNearby(plumber) };
      const ownQuotes = await plumber.agent.get(`/api/quotes/job/${job.id}`);
      const plumberQuotes = await plumber.agent.get(`/api/quotes/plumber/${plumber.plumberId}`);
      const assigned = await plumber.agent.get('/api/jobs/assigned');
      for (const body of [quoted.body, ownQuotes.body, plumberQuotes.body, assigned.body]) {
        const json = JSON.stringify(body);
        for (const secret of [street, owner.user.email, 'Olivia Private', '7205550123']) {
          expect(json).not.toContain(secret);
        }
      }
    });

    it('asks a plumber without a location to set one', async () => {
      const newcomer = await registerPlumber(ctx, null);
      const profile = await newcomer.agent.get(`/api/plumbers/user/${newcomer.user.id}`);
      expect(profile.body).toMatchObject({ hasLocation: false, serviceRadiusKm: '25.00', currentLat: null });
      const res = await newcomer.agent.get('/api/jobs/nearby');
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'Set your service location (ZIP code and radius) to see jobs near you',
        code: 'CONFLICT',
      });
      const job = await createJob(ctx, owner.user.id);
      const quote = await newcomer.agent
        .post('/api/quotes')
        .send({ jobId: job.id, minTotal: 1, maxTotal: 2 });
      expect(quote.status).toBe(409);
    });
  });

  describe('PUT /api/plumbers/me/location', () => {
    it('geocodes the ZIP offline and stores the radius', async () => {
      const plumber = await registerPlumber(ctx, null);
      const res = await plumber.agent
        .put('/api/plumbers/me/location')
        .send({ zip: '78701', serviceRadiusKm: '15.5', address: '200 Congress Ave' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        hasLocation: true,
        serviceRadiusKm: '15.50',
        currentAddress: '200 Congress Ave, Austin, TX 78701',
      });
      expect(Number(res.body.currentLat)).toBeCloseTo(30.27, 1);
      expect(Number(res.body.currentLng)).toBeCloseTo(-97.74, 1);
    });

    it.each([
      [{ zip: '00000', serviceRadiusKm: 10 }, 'We could not find that ZIP code. Check it and try again.'],
      [{ zip: '7870', serviceRadiusKm: 10 }, 'Enter a 5-digit ZIP code'],
      [{ zip: '78701', serviceRadiusKm: 0 }, 'Service radius must be between 1 and 200 km'],
      [{ zip: '78701', serviceRadiusKm: 500 }, 'Service radius must be between 1 and 200 km'],
    ])('refuses %j with 400', async (body, message) => {
      const plumber = await registerPlumber(ctx, null);
      const res = await plumber.agent.put('/api/plumbers/me/location').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    });
  });

  describe('POST /api/quotes rules', () => {
    let owner: Actor;
    let plumber: PlumberActor;
    beforeAll(async () => {
      owner = await registerActor(ctx, 'homeowner');
      plumber = await registerPlumber(ctx);
    });

    it.each([
      [{ minTotal: 300, maxTotal: 150 }, 'Minimum price cannot be more than the maximum price'],
      [{ minTotal: -5, maxTotal: 150 }, 'Price must be greater than 0'],
      [{ minTotal: 0, maxTotal: 150 }, 'Price must be greater than 0'],
      [{ minTotal: 'abc', maxTotal: 150 }, 'Price must be a number'],
      [{ maxTotal: 150 }, 'Minimum price is required'],
    ])('refuses %j with 400', async (prices, message) => {
      const job = await createJob(ctx, owner.user.id);
      const res = await plumber.agent.post('/api/quotes').send({ jobId: job.id, ...prices });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      expect(await ctx.database.db.select().from(quotes).where(eq(quotes.jobId, job.id))).toHaveLength(0);
    });

    it('accepts min equal to max, and a second quote by the same plumber is 409 ALREADY_QUOTED', async () => {
      const job = await createJob(ctx, owner.user.id);
      const first = await plumber.agent
        .post('/api/quotes')
        .send({ jobId: job.id, minTotal: 200, maxTotal: 200 });
      expect(first.status).toBe(201);
      const second = await plumber.agent
        .post('/api/quotes')
        .send({ jobId: job.id, minTotal: 100, maxTotal: 120 });
      expect(second.status).toBe(409);
      expect(second.body).toEqual({
        error: 'You have already sent a quote for this job',
        code: 'ALREADY_QUOTED',
      });
      // A second plumber's quote keeps the job quoted and adds no second 'quoted' event.
      await sendQuote(await registerPlumber(ctx), job.id);
      expect(await statusEventsOf(job.id)).toEqual(['requested', 'quoted']);
    });

    it('refuses jobs outside the service area (403), closed jobs (409) and unknown jobs (404)', async () => {
      const boulder = await createJob(ctx, owner.user.id, { address: '1777 Broadway, Boulder, CO 80301' });
      const outside = await plumber.agent
        .post('/api/quotes')
        .send({ jobId: boulder.id, minTotal: 1, maxTotal: 2 });
      expect(outside.status).toBe(403);
      expect(outside.body).toEqual({ error: 'This job is outside your service area', code: 'FORBIDDEN' });

      const cancelled = await createJob(ctx, owner.user.id);
      await setStatus(owner, cancelled.id, 'cancelled');
      const closed = await plumber.agent
        .post('/api/quotes')
        .send({ jobId: cancelled.id, minTotal: 1, maxTotal: 2 });
      expect(closed.status).toBe(409);
      expect(closed.body.error).toBe('This job is no longer open for quotes');

      const unknown = await plumber.agent
        .post('/api/quotes')
        .send({ jobId: '00000000-0000-4000-8000-000000000000', minTotal: 1, maxTotal: 2 });
      expect(unknown.status).toBe(404);
    });
  });

  describe('lifecycle rules', () => {
    let owner: Actor;
    let plumber: PlumberActor;
    beforeAll(async () => {
      owner = await registerActor(ctx, 'homeowner');
      plumber = await registerPlumber(ctx);
    });

    it('lets the owner cancel before a quote is accepted, not after', async () => {
      const open = await createJob(ctx, owner.user.id);
      await sendQuote(plumber, open.id);
      const res = await setStatus(owner, open.id, 'cancelled', { notes: 'Fixed it myself' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ currentStatus: 'cancelled', statusLabel: 'Cancelled' });
      expect((await setStatus(owner, open.id, 'cancelled')).status).toBe(409);
      const [event] = await ctx.database.db
        .select()
        .from(jobStatusEvents)
        .where(eq(jobStatusEvents.jobId, open.id))
        .orderBy(asc(jobStatusEvents.createdAt))
        .offset(2);
      expect(event).toMatchObject({ status: 'cancelled', notes: 'Fixed it myself' });

      const scheduled = await createJob(ctx, owner.user.id);
      await acceptQuote(owner, scheduled.id, await sendQuote(plumber, scheduled.id));
      const late = await setStatus(owner, scheduled.id, 'cancelled');
      expect(late.status).toBe(409);
      expect(late.body.error).toBe('A job can only be cancelled before a quote is accepted');
    });

    it('moves only scheduled → in_progress → completed, and only for the assigned plumber', async () => {
      const job = await createJob(ctx, owner.user.id);
      const quoteId = await sendQuote(plumber, job.id);
      expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(404);
      await acceptQuote(owner, job.id, quoteId);
      const early = await setStatus(plumber, job.id, 'completed');
      expect(early.status).toBe(409);
      expect(early.body.error).toBe('Only a job in progress can be completed');
      const byOwner = await setStatus(owner, job.id, 'in_progress');
      expect(byOwner.status).toBe(403);
      expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(200);
      expect((await setStatus(plumber, job.id, 'in_progress')).status).toBe(409);
      expect((await setStatus(plumber, job.id, 'cancelled')).status).toBe(403);
      const amountTooEarly = await setStatus(plumber, job.id, 'in_progress', { finalAmount: 10 });
      expect(amountTooEarly.status).toBe(400);
      expect((await setStatus(plumber, job.id, 'completed')).status).toBe(200);
      expect((await setStatus(plumber, job.id, 'completed')).status).toBe(409);
      expect(await ctx.database.db.select().from(payouts).where(eq(payouts.jobId, job.id))).toHaveLength(1);
      expect((await setStatus(plumber, job.id, 'draft')).status).toBe(400);
    });

    it('refuses a rating before completion and out-of-range stars', async () => {
      const job = await createJob(ctx, owner.user.id);
      await acceptQuote(owner, job.id, await sendQuote(plumber, job.id));
      const early = await owner.agent.post(`/api/jobs/${job.id}/rating`).send({ stars: 5 });
      expect(early.status).toBe(409);
      expect(early.body.error).toBe('You can rate a job once it is completed');
      await setStatus(plumber, job.id, 'in_progress');
      await setStatus(plumber, job.id, 'completed');
      for (const stars of [0, 6, 3.5, '5']) {
        const res = await owner.agent.post(`/api/jobs/${job.id}/rating`).send({ stars });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('Rating must be a whole number from 1 to 5');
      }
    });

    it('refuses to accept a quote of another job, on a cancelled job, or a made-up quote', async () => {
      const a = await createJob(ctx, owner.user.id);
      const b = await createJob(ctx, owner.user.id);
      const quoteOnB = await sendQuote(plumber, b.id);
      const wrongJob = await owner.agent.post(`/api/jobs/${a.id}/accept-quote`).send({ quoteId: quoteOnB });
      expect(wrongJob.status).toBe(404);
      expect(wrongJob.body.error).toBe('Quote not found for this job');
      const bad = await owner.agent.post(`/api/jobs/${a.id}/accept-quote`).send({ quoteId: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Invalid quote id');
      await setStatus(owner, b.id, 'cancelled');
      const closed = await owner.agent.post(`/api/jobs/${b.id}/accept-quote`).send({ quoteId: quoteOnB });
      expect(closed.status).toBe(409);
      expect(closed.body.code).toBe('CONFLICT');
      const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, b.id));
      expect(row.plumberId).toBeNull();
    });

    it('declines the other quotes when one is accepted, and a later accept is 409 QUOTE_ALREADY_ACCEPTED', async () => {
      const job = await createJob(ctx, owner.user.id);
      const first = await sendQuote(plumber, job.id);
      const second = await sendQuote(await registerPlumber(ctx), job.id);
      await acceptQuote(owner, job.id, second);
      for (const quoteId of [first, second]) {
        const res = await owner.agent.post(`/api/jobs/${job.id}/accept-quote`).send({ quoteId });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          error: 'A quote has already been accepted for this job',
          code: 'QUOTE_ALREADY_ACCEPTED',
        });
      }
      const list = await owner.agent.get(`/api/quotes/job/${job.id}`);
      const statusById = Object.fromEntries(
        list.body.map((q: { id: string; status: string }) => [q.id, q.status]),
      );
      expect(statusById).toEqual({ [first]: 'declined', [second]: 'accepted' });
    });
  });
});
