import { and, asc, avg, count, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  plumbers,
  ratings,
  users,
  type NewPlumber,
  type NewRating,
  type Plumber,
  type Rating,
} from '@shared/schema';
import { EARTH_RADIUS_KM } from '@shared/geo';
import type { Executor } from '../../db/client';

export type { NewRating, Plumber, Rating };

export async function insertPlumber(db: Executor, values: NewPlumber): Promise<Plumber> {
  const [row] = await db.insert(plumbers).values(values).returning();
  return row;
}

/**
 * A deleted account's plumber row keeps its ratings and quotes, not the business or where it works:
 * the submitted details, the service location and the review state are cleared.
 */
export async function clearPlumberDetails(db: Executor, userId: string): Promise<void> {
  await db
    .update(plumbers)
    .set({
      businessName: null,
      licenseNumber: null,
      licenseState: null,
      insuranceExpiresOn: null,
      rejectionReason: null,
      vettingSubmittedAt: null,
      vettingDecidedAt: null,
      verificationStatus: 'pending',
      currentLat: null,
      currentLng: null,
      currentAddress: null,
      status: 'offline',
      updatedAt: new Date(),
    })
    .where(eq(plumbers.userId, userId));
}

export async function findPlumberByUserId(db: Executor, userId: string): Promise<Plumber | undefined> {
  const [row] = await db.select().from(plumbers).where(eq(plumbers.userId, userId)).limit(1);
  return row;
}

export async function findPlumberById(db: Executor, id: string): Promise<Plumber | undefined> {
  const [row] = await db.select().from(plumbers).where(eq(plumbers.id, id)).limit(1);
  return row;
}

export interface PlumberLocationValues {
  currentLat: string;
  currentLng: string;
  currentAddress: string;
  serviceRadiusKm: string;
}

export async function updatePlumberLocation(
  db: Executor,
  plumberId: string,
  values: PlumberLocationValues,
): Promise<Plumber | undefined> {
  const [row] = await db.update(plumbers).set(values).where(eq(plumbers.id, plumberId)).returning();
  return row;
}

/** What a plumber submits for vetting; submitting puts it back in the pending queue. */
export interface PlumberOnboardingValues {
  businessName: string;
  licenseNumber: string;
  licenseState: string;
  insuranceExpiresOn: string;
}

export async function updatePlumberOnboarding(
  db: Executor,
  plumberId: string,
  values: PlumberOnboardingValues,
): Promise<Plumber | undefined> {
  const [row] = await db
    .update(plumbers)
    .set({
      ...values,
      verificationStatus: 'pending',
      rejectionReason: null,
      vettingSubmittedAt: sql`now()`,
      vettingDecidedAt: null,
    })
    .where(eq(plumbers.id, plumberId))
    .returning();
  return row;
}

/** Reads the plumber and locks its row until the caller's transaction `tx` ends. */
export async function lockPlumberById(tx: Executor, plumberId: string): Promise<Plumber | undefined> {
  const [row] = await tx.select().from(plumbers).where(eq(plumbers.id, plumberId)).for('update');
  return row;
}

/** An admin's decision: verified (no reason) or rejected (with one). */
export async function updatePlumberDecision(
  db: Executor,
  plumberId: string,
  decision: { verificationStatus: 'verified' } | { verificationStatus: 'rejected'; rejectionReason: string },
): Promise<void> {
  await db
    .update(plumbers)
    .set({ rejectionReason: null, ...decision, vettingDecidedAt: sql`now()` })
    .where(eq(plumbers.id, plumberId));
}

/**
 * Verified plumbers whose insurance ended before `today` (YYYY-MM-DD, the app's zone) go back to
 * pending. One idempotent statement: instances running it at once write the same rows the same way.
 */
export async function demoteLapsedPlumbers(db: Executor, today: string): Promise<number> {
  const rows = await db
    .update(plumbers)
    .set({ verificationStatus: 'pending', vettingDecidedAt: null })
    .where(and(eq(plumbers.verificationStatus, 'verified'), lt(plumbers.insuranceExpiresOn, today)))
    .returning({ id: plumbers.id });
  return rows.length;
}

export interface PlumberReviewRow {
  plumber: Plumber;
  name: string | null;
  email: string;
}

const reviewColumns = { plumber: plumbers, name: users.name, email: users.email };

/**
 * Plumbers of one status with their account's name and e-mail. Pending ones only once they have
 * submitted their details (a plumber who never onboarded has nothing to review); oldest submission first.
 */
export async function listPlumbersForReview(
  db: Executor,
  status: Plumber['verificationStatus'],
  limit: number,
): Promise<PlumberReviewRow[]> {
  const where: SQL[] = [eq(plumbers.verificationStatus, status)];
  if (status === 'pending') where.push(isNotNull(plumbers.vettingSubmittedAt));
  return db
    .select(reviewColumns)
    .from(plumbers)
    .innerJoin(users, eq(users.id, plumbers.userId))
    .where(and(...where))
    .orderBy(sql`${plumbers.vettingSubmittedAt} asc nulls last`, asc(plumbers.id))
    .limit(limit);
}

export async function findPlumberForReview(
  db: Executor,
  plumberId: string,
): Promise<PlumberReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(plumbers)
    .innerJoin(users, eq(users.id, plumbers.userId))
    .where(eq(plumbers.id, plumberId));
  return row;
}

export interface PlumberSummaryRow {
  id: string;
  name: string | null;
  businessName: string | null;
  verificationStatus: Plumber['verificationStatus'];
  insuranceExpiresOn: string | null;
}

/** Public facts about plumbers, for the quotes a homeowner compares: no e-mail, no phone. */
export async function listPlumberSummaries(
  db: Executor,
  ids: readonly string[],
): Promise<PlumberSummaryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: plumbers.id,
      name: users.name,
      businessName: plumbers.businessName,
      verificationStatus: plumbers.verificationStatus,
      insuranceExpiresOn: plumbers.insuranceExpiresOn,
    })
    .from(plumbers)
    .innerJoin(users, eq(users.id, plumbers.userId))
    .where(inArray(plumbers.id, [...ids]));
}

export interface PlumberContactRow {
  id: string;
  name: string | null;
  businessName: string | null;
  phone: string | null;
}

/** How to reach plumbers: for a homeowner who hired one, never for a quote still being compared. */
export async function listPlumberContacts(
  db: Executor,
  ids: readonly string[],
): Promise<PlumberContactRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: plumbers.id, name: users.name, businessName: plumbers.businessName, phone: users.phone })
    .from(plumbers)
    .innerJoin(users, eq(users.id, plumbers.userId))
    .where(inArray(plumbers.id, [...ids]));
}

/** Inserts the job's rating unless it already has one (one rating per job); undefined on that conflict. */
export async function insertRatingIfNew(db: Executor, values: NewRating): Promise<Rating | undefined> {
  const [row] = await db
    .insert(ratings)
    .values(values)
    .onConflictDoNothing({ target: ratings.jobId })
    .returning();
  return row;
}

export async function listRatingsByPlumber(db: Executor, plumberId: string): Promise<Rating[]> {
  return db.select().from(ratings).where(eq(ratings.plumberId, plumberId)).orderBy(desc(ratings.createdAt));
}

export interface RatingSummaryRow {
  plumberId: string;
  average: number | null;
  count: number;
}

export async function summariseRatings(
  db: Executor,
  plumberIds: readonly string[],
): Promise<RatingSummaryRow[]> {
  if (plumberIds.length === 0) return [];
  return db
    .select({
      plumberId: ratings.plumberId,
      average: sql<number | null>`${avg(ratings.stars)}::float8`,
      count: count(),
    })
    .from(ratings)
    .where(inArray(ratings.plumberId, [...plumberIds]))
    .groupBy(ratings.plumberId);
}

export async function listRatingsByJobs(db: Executor, jobIds: readonly string[]): Promise<Rating[]> {
  if (jobIds.length === 0) return [];
  return db
    .select()
    .from(ratings)
    .where(inArray(ratings.jobId, [...jobIds]));
}

/** The account behind each plumber, keyed by plumber id. */
export async function listPlumberUserIds(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: plumbers.id, userId: plumbers.userId })
    .from(plumbers)
    .where(inArray(plumbers.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/**
 * The accounts of verified plumbers (insurance covering `today`) whose service circle contains the
 * point: who may quote on a job posted there.
 */
export async function listVettedPlumberUsersServing(
  db: Executor,
  point: { lat: number; lng: number },
  today: string,
): Promise<string[]> {
  const rows = await db
    .select({ userId: plumbers.userId })
    .from(plumbers)
    .innerJoin(users, eq(users.id, plumbers.userId))
    .where(
      and(
        eq(plumbers.verificationStatus, 'verified'),
        sql`(${plumbers.insuranceExpiresOn} is null or ${plumbers.insuranceExpiresOn} >= ${today})`,
        isNotNull(plumbers.currentLat),
        isNotNull(plumbers.currentLng),
        sql`${users.deletedAt} is null`,
        sql`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
            power(sin(radians(${plumbers.currentLat}::float8 - ${point.lat}::float8) / 2), 2)
          + cos(radians(${point.lat}::float8)) * cos(radians(${plumbers.currentLat}::float8))
          * power(sin(radians(${plumbers.currentLng}::float8 - ${point.lng}::float8) / 2), 2))))
          <= ${plumbers.serviceRadiusKm}::float8`,
      ),
    );
  return rows.map((row) => row.userId);
}
