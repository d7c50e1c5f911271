import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  availabilitySlots,
  pricingCatalog,
  serviceRequests,
  technicians,
  type AvailabilitySlot,
  type NewAvailabilitySlot,
  type NewServiceRequest,
  type ServiceRequest,
} from '@shared/schema';
import type { Executor } from '../../db/client';

export type { AvailabilitySlot, NewAvailabilitySlot, ServiceRequest };

/** What the booking page needs of an open slot. */
export interface SlotView {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
}

const slotView = {
  id: availabilitySlots.id,
  date: availabilitySlots.date,
  startTime: availabilitySlots.startTime,
  endTime: availabilitySlots.endTime,
};

/**
 * A guest's booking that was not confirmed by its deadline (`now` on the app's clock): it holds
 * its slot no longer, whether or not the release sweep has cancelled it yet.
 */
const lapsedAt = (now: Date) =>
  and(
    eq(serviceRequests.status, 'pending'),
    isNull(serviceRequests.confirmedAt),
    lte(serviceRequests.confirmBy, now),
  );

/** The opposite of `lapsedAt` for a request that exists: confirmed, made by an account, or still in time. */
const notLapsedAt = (now: Date) =>
  or(
    isNull(serviceRequests.confirmBy),
    isNotNull(serviceRequests.confirmedAt),
    gt(serviceRequests.confirmBy, now),
  );

/**
 * Open slots of one day, optionally only those starting after `afterTime` (HH:MM), by start time.
 * A slot held by a lapsed guest booking is open: whoever books it releases it first.
 */
export async function listOpenSlots(
  db: Executor,
  now: Date,
  date: string,
  afterTime?: string,
): Promise<SlotView[]> {
  return db
    .select(slotView)
    .from(availabilitySlots)
    .leftJoin(serviceRequests, eq(serviceRequests.id, availabilitySlots.serviceRequestId))
    .where(
      and(
        eq(availabilitySlots.date, date),
        or(eq(availabilitySlots.isBooked, 'false'), lapsedAt(now)),
        afterTime ? gt(availabilitySlots.startTime, afterTime) : undefined,
      ),
    )
    .orderBy(asc(availabilitySlots.startTime), asc(availabilitySlots.endTime), asc(availabilitySlots.id));
}

export async function findSlotById(db: Executor, id: string): Promise<AvailabilitySlot | undefined> {
  const [row] = await db.select().from(availabilitySlots).where(eq(availabilitySlots.id, id)).limit(1);
  return row;
}

export async function findSlotByServiceRequestId(
  db: Executor,
  serviceRequestId: string,
): Promise<AvailabilitySlot | undefined> {
  const [row] = await db
    .select()
    .from(availabilitySlots)
    .where(eq(availabilitySlots.serviceRequestId, serviceRequestId))
    .limit(1);
  return row;
}

/**
 * The one place a slot gets booked: a conditional UPDATE, so of any number of concurrent callers
 * exactly one sees a row come back; the others get `undefined` (the slot was not free any more).
 */
export async function bookSlotIfFree(
  db: Executor,
  slotId: string,
  serviceRequestId: string,
): Promise<AvailabilitySlot | undefined> {
  const [row] = await db
    .update(availabilitySlots)
    .set({ isBooked: 'true', serviceRequestId })
    .where(and(eq(availabilitySlots.id, slotId), eq(availabilitySlots.isBooked, 'false')))
    .returning();
  return row;
}

export async function insertServiceRequest(db: Executor, values: NewServiceRequest): Promise<ServiceRequest> {
  const [row] = await db.insert(serviceRequests).values(values).returning();
  return row;
}

/** Reads a request and locks its row until the transaction ends (serialises bookings for one request). */
export async function findServiceRequestForUpdate(
  db: Executor,
  id: string,
): Promise<ServiceRequest | undefined> {
  const [row] = await db
    .select()
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function setServiceRequestTechnician(
  db: Executor,
  id: string,
  technicianId: string | null,
): Promise<void> {
  await db.update(serviceRequests).set({ technicianId }).where(eq(serviceRequests.id, id));
}

/**
 * Uses a guest's confirmation link: the request waiting for it is confirmed at `now` and the
 * token's hash is gone, so the link works once. Unknown, used and lapsed tokens find no row.
 */
export async function confirmServiceRequest(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<ServiceRequest | undefined> {
  const [row] = await db
    .update(serviceRequests)
    .set({ confirmedAt: now, confirmationTokenHash: null })
    .where(
      and(
        eq(serviceRequests.confirmationTokenHash, tokenHash),
        eq(serviceRequests.status, 'pending'),
        isNull(serviceRequests.confirmedAt),
        gt(serviceRequests.confirmBy, now),
      ),
    )
    .returning();
  return row;
}

/** Lapsed guest bookings whose slot is `slotId`, or any `limit` of them (the sweep). */
export type LapsedBookingScope = { slotId: string } | { limit: number };

/**
 * Cancels lapsed guest bookings and frees the slots they held; answers how many requests were
 * cancelled. Their rows are locked first: with a `slotId` (someone is booking that slot) it waits
 * for a concurrent release or confirmation and then sees its outcome; the sweep skips rows another
 * instance holds (SKIP LOCKED), so two sweeps never release one booking twice. Call inside a
 * transaction: the cancellation and the freed slots commit together.
 */
export async function releaseLapsedBookings(
  tx: Executor,
  now: Date,
  scope: LapsedBookingScope,
): Promise<number> {
  const lapsed =
    'slotId' in scope
      ? await tx
          .select({ id: serviceRequests.id })
          .from(serviceRequests)
          .innerJoin(availabilitySlots, eq(availabilitySlots.serviceRequestId, serviceRequests.id))
          .where(and(eq(availabilitySlots.id, scope.slotId), lapsedAt(now)))
          .for('update', { of: serviceRequests })
      : await tx
          .select({ id: serviceRequests.id })
          .from(serviceRequests)
          .where(lapsedAt(now))
          .orderBy(asc(serviceRequests.confirmBy))
          .limit(scope.limit)
          .for('update', { skipLocked: true });
  if (lapsed.length === 0) return 0;
  const ids = lapsed.map((row) => row.id);
  await tx
    .update(serviceRequests)
    .set({ status: 'cancelled', confirmationTokenHash: null })
    .where(inArray(serviceRequests.id, ids));
  await tx
    .update(availabilitySlots)
    .set({ isBooked: 'false', serviceRequestId: null })
    .where(inArray(availabilitySlots.serviceRequestId, ids));
  return ids.length;
}

/** Gives a new account the guest requests made with its e-mail (stored lower-cased). Returns how many. */
export async function claimServiceRequestsByEmail(
  db: Executor,
  userId: string,
  email: string,
): Promise<number> {
  const rows = await db
    .update(serviceRequests)
    .set({ userId })
    .where(and(eq(serviceRequests.email, email.trim().toLowerCase()), isNull(serviceRequests.userId)))
    .returning({ id: serviceRequests.id });
  return rows.length;
}

/**
 * A deleted account's bookings keep their dates and service, not the person: name, e-mail, phone
 * and address are replaced.
 */
export async function anonymiseServiceRequestsOf(db: Executor, userId: string, placeholderEmail: string) {
  await db
    .update(serviceRequests)
    .set({ name: 'Deleted account', email: placeholderEmail, phone: '', address: 'Removed' })
    .where(eq(serviceRequests.userId, userId));
}

/** True when the slug names an active pricing-catalogue issue. */
export async function isActiveCatalogIssue(db: Executor, issueSlug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pricingCatalog.id })
    .from(pricingCatalog)
    .where(and(eq(pricingCatalog.issueSlug, issueSlug), eq(pricingCatalog.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/** Technicians who take bookings (every status but off duty), by e-mail. */
export async function listWorkingTechnicians(db: Executor): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: technicians.id, email: technicians.email })
    .from(technicians)
    .where(ne(technicians.status, 'off_duty'))
    .orderBy(asc(technicians.email));
}

/** Rows per INSERT: 6 parameters each, far below PostgreSQL's 65,535-parameter limit. */
const SLOT_INSERT_CHUNK_SIZE = 1000;

/**
 * Inserts the slots not there yet (unique on technician, date and start time); existing ones,
 * booked or not, are left alone. Returns how many were added.
 */
export async function insertSlotsIfNew(db: Executor, rows: readonly NewAvailabilitySlot[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += SLOT_INSERT_CHUNK_SIZE) {
    const added = await db
      .insert(availabilitySlots)
      .values(rows.slice(start, start + SLOT_INSERT_CHUNK_SIZE))
      .onConflictDoNothing({
        target: [availabilitySlots.technicianId, availabilitySlots.date, availabilitySlots.startTime],
      })
      .returning({ id: availabilitySlots.id });
    inserted += added.length;
  }
  return inserted;
}

/** First key of the two-part advisory locks on booking identities; the second is the key's hash. */
const BOOKING_IDENTITY_LOCK_SPACE = 0x626b6964; // 'bkid'

/**
 * Takes, until the transaction ends, one advisory lock per key (say `2026-06-10|phone:5125550188`),
 * so bookings that share any key queue behind each other while others go on. Locks are taken in
 * the order of their hashes, the same for every caller, so two bookings never wait on each other.
 * Call with the transaction's handle: the locks belong to it.
 */
export async function lockBookingIdentities(tx: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const { rows } = await tx.execute<{ hash: number }>(
    sql`select distinct hashtext(key) as hash from unnest(${sql.param([...keys])}::text[]) as key order by hash`,
  );
  for (const { hash } of rows) {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_IDENTITY_LOCK_SPACE}, ${hash})`);
  }
}

/** Who holds the open bookings of a day: booked slots of pending or confirmed requests that have not lapsed. */
export interface HeldBooking {
  email: string;
  phone: string;
  address: string;
  userId: string | null;
}

/**
 * The open bookings on `date`: slots booked by a request still pending or confirmed and not lapsed
 * at `now`, and starting after `afterTime` (HH:MM) when given, since a slot that has started is no
 * longer held.
 */
export async function listOpenBookingsOn(
  db: Executor,
  now: Date,
  date: string,
  afterTime?: string,
): Promise<HeldBooking[]> {
  return db
    .select({
      email: serviceRequests.email,
      phone: serviceRequests.phone,
      address: serviceRequests.address,
      userId: serviceRequests.userId,
    })
    .from(availabilitySlots)
    .innerJoin(serviceRequests, eq(serviceRequests.id, availabilitySlots.serviceRequestId))
    .where(
      and(
        eq(availabilitySlots.date, date),
        eq(availabilitySlots.isBooked, 'true'),
        inArray(serviceRequests.status, ['pending', 'confirmed']),
        notLapsedAt(now),
        afterTime ? gt(availabilitySlots.startTime, afterTime) : undefined,
      ),
    );
}
