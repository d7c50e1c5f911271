import type { CurrentUser } from '@shared/contracts/auth';
import type {
  AverageRating,
  PlumberProfile,
  PlumberRating,
  UpdatePlumberLocation,
} from '@shared/contracts/plumbers';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { lookupZip } from '../geo';
import {
  findPlumberById,
  findPlumberByUserId,
  insertPlumber,
  insertRatingIfNew,
  listPlumberSummaries,
  listRatingsByJobs,
  listRatingsByPlumber,
  summariseRatings,
  updatePlumberLocation,
  type NewRating,
  type Plumber,
  type Rating,
} from './plumbers.repository';

export type { Plumber, Rating };

export const PLUMBER_ERRORS = {
  notFound: 'Plumber not found',
  unknownZip: 'We could not find that ZIP code. Check it and try again.',
  noProfile: 'Your plumber profile was not found. Please contact support.',
} as const;

export function toPlumberProfile(plumber: Plumber): PlumberProfile {
  return {
    id: plumber.id,
    userId: plumber.userId,
    skills: plumber.skills,
    serviceRadiusKm: plumber.serviceRadiusKm,
    verificationStatus: plumber.verificationStatus,
    currentLat: plumber.currentLat,
    currentLng: plumber.currentLng,
    currentAddress: plumber.currentAddress,
    status: plumber.status,
    hasLocation: hasServiceLocation(plumber),
    createdAt: plumber.createdAt.toISOString(),
    updatedAt: plumber.updatedAt.toISOString(),
  };
}

export function hasServiceLocation(plumber: Plumber): boolean {
  return plumber.currentLat !== null && plumber.currentLng !== null;
}

export function toPlumberRating(rating: Rating): PlumberRating {
  return {
    id: rating.id,
    jobId: rating.jobId,
    plumberId: rating.plumberId,
    stars: rating.stars,
    comment: rating.comment,
    createdAt: rating.createdAt.toISOString(),
  };
}

/** Averages are kept to two decimals on the wire; the dashboards show one. */
const roundAverage = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** Rating summaries keyed by plumber id; a plumber without ratings gets `{ average: null, count: 0 }`. */
async function ratingSummaries(
  db: Executor,
  plumberIds: readonly string[],
): Promise<Map<string, AverageRating>> {
  const unique = [...new Set(plumberIds)];
  const rows = await summariseRatings(db, unique);
  const byId = new Map<string, AverageRating>(unique.map((id) => [id, { average: null, count: 0 }]));
  for (const row of rows) {
    byId.set(row.plumberId, { average: roundAverage(row.average), count: Number(row.count) });
  }
  return byId;
}

/** Name, verification and rating of the plumbers behind some quotes. */
async function plumberCards(db: Executor, plumberIds: readonly string[]) {
  const unique = [...new Set(plumberIds)];
  const [summaries, ratings] = await Promise.all([
    listPlumberSummaries(db, unique),
    ratingSummaries(db, unique),
  ]);
  return new Map(
    summaries.map((summary) => [
      summary.id,
      { ...summary, rating: ratings.get(summary.id) ?? { average: null, count: 0 } },
    ]),
  );
}

/** The logged-in plumber's own row; every plumber account has one (created at registration). */
async function requirePlumberForUser(db: Executor, userId: string): Promise<Plumber> {
  const plumber = await findPlumberByUserId(db, userId);
  if (!plumber) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.noProfile);
  return plumber;
}

export function createPlumbersService({ db }: { db: Database }) {
  async function requireExisting(plumberId: string): Promise<Plumber> {
    const plumber = await findPlumberById(db, plumberId);
    if (!plumber) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.notFound);
    return plumber;
  }

  return {
    /** A new plumber account's profile, inside registration's transaction `tx`. */
    async createProfile(tx: Executor, values: { userId: string }): Promise<Plumber> {
      return insertPlumber(tx, values);
    },

    /** The plumber row of a user account, read through `executor`: the caller's transaction, or its pool. */
    async findForUser(executor: Executor, userId: string): Promise<Plumber | undefined> {
      return findPlumberByUserId(executor, userId);
    },

    /** Like findForUser, for a logged-in plumber: a missing profile is an error (404). */
    async requireForUser(executor: Executor, userId: string): Promise<Plumber> {
      return requirePlumberForUser(executor, userId);
    },

    async findById(plumberId: string): Promise<Plumber | undefined> {
      return findPlumberById(db, plumberId);
    },

    /** Name, verification and rating of each plumber, keyed by id (unknown ids are left out). */
    async cards(plumberIds: readonly string[]) {
      return plumberCards(db, plumberIds);
    },

    /** Stores a job's rating inside the caller's transaction `tx`; undefined when the job already has one. */
    async addRatingIfNew(tx: Executor, values: NewRating): Promise<Rating | undefined> {
      return insertRatingIfNew(tx, values);
    },

    async listRatingsForJobs(jobIds: readonly string[]): Promise<Rating[]> {
      return listRatingsByJobs(db, jobIds);
    },

    /** A user's plumber record: for that user or an admin; anyone else is told it does not exist. */
    async getProfileForUser(actor: CurrentUser, userId: string): Promise<PlumberProfile> {
      if (actor.id !== userId && actor.role !== 'admin')
        throw new AppError('NOT_FOUND', PLUMBER_ERRORS.notFound);
      const plumber = await findPlumberByUserId(db, userId);
      if (!plumber) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.notFound);
      return toPlumberProfile(plumber);
    },

    /** Sets where the logged-in plumber works: the ZIP is geocoded offline; the radius is in km. */
    async setLocation(actor: CurrentUser, input: UpdatePlumberLocation): Promise<PlumberProfile> {
      const plumber = await requirePlumberForUser(db, actor.id);
      const place = lookupZip(input.zip);
      if (!place) {
        throw new AppError('VALIDATION_ERROR', PLUMBER_ERRORS.unknownZip, [
          { path: 'zip', message: PLUMBER_ERRORS.unknownZip },
        ]);
      }
      const area = `${place.city}, ${place.state} ${place.zip}`;
      const updated = await updatePlumberLocation(db, plumber.id, {
        currentLat: place.lat.toFixed(7),
        currentLng: place.lng.toFixed(7),
        currentAddress: input.address ? `${input.address}, ${area}` : area,
        serviceRadiusKm: input.serviceRadiusKm.toFixed(2),
      });
      if (!updated) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.noProfile);
      return toPlumberProfile(updated);
    },

    async listRatings(plumberId: string): Promise<PlumberRating[]> {
      await requireExisting(plumberId);
      return (await listRatingsByPlumber(db, plumberId)).map(toPlumberRating);
    },

    async averageRating(plumberId: string): Promise<AverageRating> {
      await requireExisting(plumberId);
      const summaries = await ratingSummaries(db, [plumberId]);
      return summaries.get(plumberId) ?? { average: null, count: 0 };
    },
  };
}

export type PlumbersService = ReturnType<typeof createPlumbersService>;
