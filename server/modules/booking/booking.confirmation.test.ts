import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots, serviceRequests } from '@shared/schema';
import {
  BOOKING_MESSAGES,
  GUEST_CONFIRMATION_MINUTES,
  type CreateServiceRequestInput,
} from '@shared/contracts/booking';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { tokenOfLink, waitForMail } from '../auth/account-tokens.fixtures';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { bookingFixtures } from './booking.fixtures';
import { sweepLapsedBookings } from './booking.scheduler';
import { BOOKING_SERVICE_MESSAGES } from './booking.service';

const PASSWORD = 'correct-horse-battery';
const CAP = 1;
const CONFIRMATION_MS = GUEST_CONFIRMATION_MINUTES * 60 * 1000;
const CONFIRM_PAGE = '/confirm-booking';
const CONFIRMATION_SUBJECT = 'Confirm your Plumbline booking';

const dayFromToday = (offset: number) => dayFromTodayIn(DEFAULT_APP_TIME_ZONE, offset);

describe(`guest booking confirmation (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // A cap of one booking per identity and day: a lapsed booking that still counted would show at once.
    ctx = await createTestContext({ mailQueue: { deliver: true }, env: { BOOKING_DAILY_CAP: String(CAP) } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const { body, freshSlot } = bookingFixtures(() => ctx, { tag: 'confirm', preferredDate: dayFromToday(6) });

  const bookSlot = (slot: { id: string; date: string }, overrides: Partial<CreateServiceRequestInput> = {}) =>
    ctx.request
      .post('/api/service-requests')
      .send(body({ preferredDate: slot.date, slotId: slot.id, ...overrides }));
  const confirm = (token: string) => ctx.request.post('/api/service-requests/confirm').send({ token });
  const requestRow = async (id: string) =>
    (await ctx.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0];
  const slotRow = async (id: string) =>
    (await ctx.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, id)))[0];
  const openSlotIds = async (date: string) =>
    ((await ctx.request.get('/api/availability-slots').query({ date })).body as { id: string }[]).map(
      (slot) => slot.id,
    );
  /** The token of the confirmation link mailed to `email`. */
  async function mailedToken(email: string): Promise<string> {
    const [mail] = await waitForMail(ctx, email);
    expect(mail.subject).toBe(CONFIRMATION_SUBJECT);
    return tokenOfLink(mail, ctx.config.publicUrl, CONFIRM_PAGE);
  }
  /** What a request looks like `minutes` after it was made: its deadline moves into the past. */
  const age = (id: string, minutes = GUEST_CONFIRMATION_MINUTES + 1) =>
    ctx.database.db
      .update(serviceRequests)
      .set({ confirmBy: sql`${serviceRequests.confirmBy} - make_interval(mins => ${minutes})` })
      .where(eq(serviceRequests.id, id));

  it('answers that a guest booking needs confirmation and mails a single-use link, storing only its hash', async () => {
    const slot = await freshSlot();
    const booking = body({ preferredDate: slot.date, slotId: slot.id });
    const before = Date.now();
    const res = await ctx.request.post('/api/service-requests').send(booking);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', slot: { id: slot.id }, confirmationRequired: true });
    const confirmBy = Date.parse(res.body.confirmBy);
    expect(confirmBy).toBeGreaterThanOrEqual(before + CONFIRMATION_MS);
    expect(confirmBy).toBeLessThanOrEqual(Date.now() + CONFIRMATION_MS);

    const [mail] = await waitForMail(ctx, booking.email);
    expect(mail.subject).toBe(CONFIRMATION_SUBJECT);
    expect(mail.text).toContain(`on ${slot.date} at ${slot.startTime}–${slot.endTime}`);
    expect(mail.text).toContain(`within ${GUEST_CONFIRMATION_MINUTES} minutes`);
    const token = tokenOfLink(mail, ctx.config.publicUrl, CONFIRM_PAGE);
    const row = await requestRow(res.body.id);
    expect(row.confirmationTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.confirmedAt).toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('confirms once: the slot stays booked, the request pending with its confirmation time; the link then fails', async () => {
    const slot = await freshSlot();
    const booking = body({ preferredDate: slot.date, slotId: slot.id });
    const created = await ctx.request.post('/api/service-requests').send(booking);
    expect(created.status).toBe(201);
    const token = await mailedToken(booking.email);

    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created.body,
      confirmationRequired: false,
      confirmBy: null,
    });
    const row = await requestRow(created.body.id);
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ status: 'pending', confirmationTokenHash: null });

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'TOKEN_INVALID', error: BOOKING_MESSAGES.confirmationLinkInvalid });

    // Long after its deadline a confirmed booking keeps its slot: the sweep and later bookers leave it alone.
    await age(created.body.id);
    await sweepLapsedBookings({ db: ctx.database.db });
    expect(await slotRow(slot.id)).toMatchObject({ isBooked: 'true', serviceRequestId: created.body.id });
    expect(await openSlotIds(slot.date)).not.toContain(slot.id);
    expect((await bookSlot(slot)).status).toBe(409);
  });

  it('refuses an expired link and an unknown one with the same answer', async () => {
    const slot = await freshSlot();
    const booking = body({ preferredDate: slot.date, slotId: slot.id });
    const created = await ctx.request.post('/api/service-requests').send(booking);
    const token = await mailedToken(booking.email);
    await age(created.body.id);

    for (const attempt of [token, 'A'.repeat(43)]) {
      const res = await confirm(attempt);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'TOKEN_INVALID', error: BOOKING_MESSAGES.confirmationLinkInvalid });
    }
    expect((await requestRow(created.body.id)).confirmedAt).toBeNull();
  });

  it('after 30 minutes unconfirmed, the slot is free for another booker and the cap no longer counts it', async () => {
    const date = dayFromToday(7);
    const [held, other] = [await freshSlot(date), await freshSlot(date)];
    const guest = body({ preferredDate: date });
    const first = await bookSlot(held, guest);
    expect(first.status).toBe(201);
    // Within the 30 minutes the slot is held and the guest's one booking of the day fills the cap.
    expect(await openSlotIds(date)).not.toContain(held.id);
    expect((await bookSlot(held)).body.code).toBe('SLOT_TAKEN');
    const capped = await bookSlot(other, { ...guest, slotId: other.id });
    expect(capped.status).toBe(409);
    expect(capped.body.error).toBe(BOOKING_SERVICE_MESSAGES.dailyCapReached(CAP, ctx.config.support.phone));

    await age(first.body.id);
    // Free at once for everyone who looks or books, before any sweep ran.
    expect(await openSlotIds(date)).toContain(held.id);
    const again = await bookSlot(other, { ...guest, slotId: other.id });
    expect(again.status).toBe(201);
    const taker = await bookSlot(held);
    expect(taker.status).toBe(201);
    expect(await slotRow(held.id)).toMatchObject({ isBooked: 'true', serviceRequestId: taker.body.id });
    // The booking that held it was released in the taker's transaction.
    expect(await requestRow(first.body.id)).toMatchObject({
      status: 'cancelled',
      confirmationTokenHash: null,
    });
  });

  it('refuses to book a slot for a request that lapsed', async () => {
    const guest = body();
    const created = await ctx.request.post('/api/service-requests').send(guest);
    expect(created.body).toMatchObject({ slot: null, confirmationRequired: true });
    expect((await waitForMail(ctx, guest.email))[0].text).toContain(`for ${guest.preferredDate}`);
    await age(created.body.id);
    const slot = await freshSlot(guest.preferredDate);
    const res = await ctx.request
      .post(`/api/availability-slots/${slot.id}/book`)
      .send({ serviceRequestId: created.body.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'CONFLICT', error: BOOKING_SERVICE_MESSAGES.requestLapsed });
    expect(await slotRow(slot.id)).toMatchObject({ isBooked: 'false', serviceRequestId: null });
  });

  it('the sweep cancels lapsed bookings and frees their slots, each once, leaving bookings in time alone', async () => {
    const slots = [await freshSlot(), await freshSlot(), await freshSlot()];
    const made = [];
    for (const slot of slots) made.push((await bookSlot(slot)).body.id as string);
    await age(made[0]);
    await age(made[1]);
    const lapsedNow = await ctx.database.db.$count(
      serviceRequests,
      sql`${serviceRequests.status} = 'pending' and ${serviceRequests.confirmedAt} is null and ${serviceRequests.confirmBy} <= now()`,
    );
    expect(lapsedNow).toBeGreaterThanOrEqual(2);

    const sweeps = await Promise.all([
      sweepLapsedBookings({ db: ctx.database.db, batchSize: 1 }),
      sweepLapsedBookings({ db: ctx.database.db, batchSize: 1 }),
    ]);
    expect(sweeps[0] + sweeps[1]).toBe(lapsedNow);
    for (const index of [0, 1]) {
      expect(await requestRow(made[index])).toMatchObject({ status: 'cancelled' });
      expect(await slotRow(slots[index].id)).toMatchObject({ isBooked: 'false', serviceRequestId: null });
    }
    expect(await requestRow(made[2])).toMatchObject({ status: 'pending' });
    expect(await slotRow(slots[2].id)).toMatchObject({ isBooked: 'true', serviceRequestId: made[2] });
    expect(await sweepLapsedBookings({ db: ctx.database.db })).toBe(0);
  });

  it('a logged-in booking needs no confirmation: no link, no mail, and it never lapses', async () => {
    // Any account: being logged in is what counts (a plumber's booking posts no job, so nothing else is asked of it).
    const agent = ctx.agent();
    const email = uniqueEmail('account');
    const registered = await agent
      .post('/api/auth/register')
      .send({ email, password: PASSWORD, role: 'plumber' });
    expect(registered.status).toBe(201);
    const [verification] = await waitForMail(ctx, email);
    const slot = await freshSlot();
    const res = await agent
      .post('/api/service-requests')
      .send(body({ email, preferredDate: slot.date, slotId: slot.id }));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ confirmationRequired: false, confirmBy: null, slot: { id: slot.id } });
    const row = await requestRow(res.body.id);
    expect(row).toMatchObject({ confirmationTokenHash: null, confirmBy: null, confirmedAt: null });

    // A day later the sweep leaves it alone.
    await sweepLapsedBookings({ db: ctx.database.db, now: new Date(Date.now() + 24 * 60 * 60 * 1000) });
    expect(await requestRow(res.body.id)).toMatchObject({ status: 'pending' });
    expect(await slotRow(slot.id)).toMatchObject({ isBooked: 'true', serviceRequestId: res.body.id });

    // A guest's booking queued after it has been delivered; the account got its verification mail only.
    const guest = body();
    await ctx.request.post('/api/service-requests').send(guest);
    await waitForMail(ctx, guest.email);
    expect((await waitForMail(ctx, email)).map((mail) => mail.id)).toEqual([verification.id]);
  });
});
