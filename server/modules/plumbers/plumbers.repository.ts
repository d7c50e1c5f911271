import { avg, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  plumbers,
  ratings,
  users,
  type NewPlumber,
  type NewRating,
  type Plumber,
  type Rating,
} from '@shared/schema';
import type { Executor } from '../../db/client';

export type { NewRating, Plumber, Rating };

export async function insertPlumber(db: Executor, values: NewPlumber): Promise<Plumber> {
  const [row] = await db.insert(plumbers).values(values).returning();
  return row;
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

export interface PlumberSummaryRow {
  id: string;
  name: string | null;
  verificationStatus: string;
}

/** Public facts about plumbers, for the quotes a homeowner compares: no e-mail, no phone. */
export async function listPlumberSummaries(
  db: Executor,
  ids: readonly string[],
): Promise<PlumberSummaryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: plumbers.id, name: users.name, verificationStatus: plumbers.verificationStatus })
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
