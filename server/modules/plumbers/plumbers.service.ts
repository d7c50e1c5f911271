import { todayIn } from '@shared/dates';
import {
  ADMIN_PLUMBER_MESSAGES,
  ADMIN_PLUMBERS_LIMIT,
  type AdminPlumber,
  type AdminPlumbersQuery,
} from '@shared/contracts/admin';
import type { CurrentUser } from '@shared/contracts/auth';
import type { HiredPlumber } from '@shared/contracts/jobs';
import {
  insuranceLapsed,
  PLUMBER_MESSAGES,
  type AverageRating,
  type PlumberOnboarding,
  type PlumberProfile,
  type PlumberRating,
  type UpdatePlumberLocation,
} from '@shared/contracts/plumbers';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit';
import { extractZip, haversineKm, lookupZip } from '../geo';
import type { MailService } from '../mail';
import type { RegionTimeZones } from '../pricing';
import {
  demoteLapsedPlumbers,
  findPlumberById,
  findPlumberByUserId,
  findPlumberForReview,
  clearPlumberDetails,
  insertPlumber,
  insertRatingIfNew,
  listPlumbersForReview,
  listPlumberContacts,
  listPlumberSummaries,
  listRatingsByJobs,
  listRatingsByPlumber,
  lockPlumberById,
  summariseRatings,
  updatePlumberDecision,
  updatePlumberLocation,
  updatePlumberOnboarding,
  type NewRating,
  type Plumber,
  type Rating,
  listPlumberUserIds,
  listVettedPlumberUsersServing,
} from './plumbers.repository';
import type { PlumberCache } from './plumber-cache';
import { assertVetted, currentVerificationStatus, decisionMail, toAdminPlumber } from './plumbers.vetting';

export type { Plumber, Rating };

export const PLUMBER_ERRORS = {
  notFound: 'Plumber not found',
  unknownZip: 'We could not find that ZIP code. Check it and try again.',
  noProfile: 'Your plumber profile was not found. Please contact support.',
} as const;

/** The plumber's own profile as of `today` (YYYY-MM-DD, the app's zone). */
export function toPlumberProfile(plumber: Plumber, today: string): PlumberProfile {
  return {
    id: plumber.id,
    userId: plumber.userId,
    skills: plumber.skills,
    serviceRadiusKm: plumber.serviceRadiusKm,
    verificationStatus: currentVerificationStatus(plumber, today),
    currentLat: plumber.currentLat,
    currentLng: plumber.currentLng,
    currentAddress: plumber.currentAddress,
    status: plumber.status,
    hasLocation: hasServiceLocation(plumber),
    businessName: plumber.businessName,
    licenseNumber: plumber.licenseNumber,
    licenseState: plumber.licenseState,
    insuranceExpiresOn: plumber.insuranceExpiresOn,
    rejectionReason: plumber.rejectionReason,
    vettingSubmittedAt: plumber.vettingSubmittedAt?.toISOString() ?? null,
    createdAt: plumber.createdAt.toISOString(),
    updatedAt: plumber.updatedAt.toISOString(),
  };
}

export function hasServiceLocation(plumber: Plumber): boolean {
  return plumber.currentLat !== null && plumber.currentLng !== null;
}

/**
 * Whether a place (a job's coordinates) lies within the plumber's service radius: where it may quote
 * and ask questions. False while either has no coordinates.
 */
export function servesLocation(plumber: Plumber, place: { lat: string | null; lng: string | null }): boolean {
  if (!hasServiceLocation(plumber) || place.lat === null || place.lng === null) return false;
  const distanceKm = haversineKm(
    { lat: Number(plumber.currentLat), lng: Number(plumber.currentLng) },
    { lat: Number(place.lat), lng: Number(place.lng) },
  );
  return distanceKm <= Number(plumber.serviceRadiusKm);
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

/** Name, business name, verification (as of `today`) and rating of the plumbers behind some quotes. */
async function plumberCards(db: Executor, plumberIds: readonly string[], today: string) {
  const unique = [...new Set(plumberIds)];
  const [summaries, ratings] = await Promise.all([
    listPlumberSummaries(db, unique),
    ratingSummaries(db, unique),
  ]);
  return new Map(
    summaries.map((summary) => [
      summary.id,
      {
        id: summary.id,
        name: summary.name,
        businessName: summary.businessName,
        verificationStatus: currentVerificationStatus(summary, today),
        rating: ratings.get(summary.id) ?? { average: null, count: 0 },
      },
    ]),
  );
}

export interface PlumbersServiceDeps {
  db: Database;
  /** APP_TIME_ZONE: insurance dates are calendar days on the app's clock; a plumber's own clock until it sets an area. */
  timeZone: string;
  /** The zone of a plumber's service-area ZIP: its own clock. */
  zones: RegionTimeZones;
  /** Where an admin's decision is mailed to the plumber, in the decision's transaction. */
  mail: Pick<MailService, 'send'>;
  /** The app's address, for the dashboard link in those mails. */
  publicUrl: string;
  /** Records each decision in the decision's transaction. */
  audit: Pick<AuditService, 'record'>;
  /** Plumbers' rows read through the pool, kept between the database's change notices (ADR 043). */
  cache: Pick<PlumberCache, 'read' | 'forget'>;
}

/** What an admin's decision changes on a plumber row: the audit log's before and after. */
const vettingOf = (plumber: Plumber) => ({
  verificationStatus: plumber.verificationStatus,
  rejectionReason: plumber.rejectionReason,
  vettingDecidedAt: plumber.vettingDecidedAt,
});

export function createPlumbersService({
  db,
  timeZone,
  zones,
  mail,
  publicUrl,
  audit,
  cache,
}: PlumbersServiceDeps) {
  const today = () => todayIn(timeZone);

  /**
   * A user's plumber row. Inside a transaction (`executor` is not the pool) it is read from the
   * database, as what the transaction locks and writes must be; through the pool, from the cache.
   */
  async function plumberOfUser(executor: Executor, userId: string): Promise<Plumber | undefined> {
    if (executor !== db) return findPlumberByUserId(executor, userId);
    return cache.read(userId, () => findPlumberByUserId(db, userId));
  }

  /** The logged-in plumber's own row; every plumber account has one (created at registration). */
  async function requirePlumberForUser(executor: Executor, userId: string): Promise<Plumber> {
    const plumber = await plumberOfUser(executor, userId);
    if (!plumber) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.noProfile);
    return plumber;
  }

  async function requireExisting(plumberId: string): Promise<Plumber> {
    const plumber = await findPlumberById(db, plumberId);
    if (!plumber) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.notFound);
    return plumber;
  }

  /**
   * An admin's decision on a plumber who has submitted its details, mailed to the plumber and
   * recorded in the audit log in the same transaction (both only if the decision is stored). The
   * row stays locked from the checks to the write, so a decision and a resubmission never interleave.
   */
  async function decide(
    actor: CurrentUser,
    plumberId: string,
    decision: { verified: true } | { verified: false; reason: string },
  ): Promise<AdminPlumber> {
    return db.transaction(async (tx) => {
      const plumber = await lockPlumberById(tx, plumberId);
      if (!plumber) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.notFound);
      if (!plumber.vettingSubmittedAt) throw new AppError('CONFLICT', ADMIN_PLUMBER_MESSAGES.notSubmitted);
      if (decision.verified && insuranceLapsed(plumber.insuranceExpiresOn, today()))
        throw new AppError('CONFLICT', ADMIN_PLUMBER_MESSAGES.insuranceLapsed);
      await updatePlumberDecision(
        tx,
        plumber.id,
        decision.verified
          ? { verificationStatus: 'verified' }
          : { verificationStatus: 'rejected', rejectionReason: decision.reason },
      );
      const review = await findPlumberForReview(tx, plumber.id);
      if (!review) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.notFound);
      await audit.record(tx, actor, {
        action: decision.verified ? 'plumber.verify' : 'plumber.reject',
        entityType: 'plumber',
        entityId: plumber.id,
        before: vettingOf(plumber),
        after: vettingOf(review.plumber),
        reason: decision.verified ? null : decision.reason,
      });
      await mail.send(tx, decisionMail(review, decision, publicUrl));
      return toAdminPlumber(review, today());
    });
  }

  return {
    /** Inside the transaction `tx` that deletes the account: the plumber row forgets the business. */
    async forgetDetails(tx: Executor, userId: string): Promise<void> {
      await clearPlumberDetails(tx, userId);
    },

    /** A new plumber account's profile, inside registration's transaction `tx`. */
    async createProfile(tx: Executor, values: { userId: string }): Promise<Plumber> {
      return insertPlumber(tx, values);
    },

    /** The plumber row of a user account, read through `executor`: the caller's transaction, or its pool. */
    async findForUser(executor: Executor, userId: string): Promise<Plumber | undefined> {
      return plumberOfUser(executor, userId);
    },

    /** Like findForUser, for a logged-in plumber: a missing profile is an error (404). */
    async requireForUser(executor: Executor, userId: string): Promise<Plumber> {
      return requirePlumberForUser(executor, userId);
    },

    async findById(plumberId: string): Promise<Plumber | undefined> {
      return findPlumberById(db, plumberId);
    },

    /**
     * Like requireForUser, for seeing jobs and quoting: a plumber an admin has not verified, or whose
     * insurance has lapsed, is refused (403) with the message its dashboard shows.
     */
    async requireVettedForUser(executor: Executor, userId: string): Promise<Plumber> {
      const plumber = await requirePlumberForUser(executor, userId);
      assertVetted(plumber, today());
      return plumber;
    },

    /** Name, business name, verification and rating of each plumber, keyed by id (unknown ids are left out). */
    async cards(plumberIds: readonly string[]) {
      return plumberCards(db, plumberIds, today());
    },

    /**
     * Name, business name and phone of each plumber, keyed by id: only for the homeowner who hired
     * it (the caller checks that), never next to a quote.
     */
    async hiredContacts(plumberIds: readonly string[]): Promise<Map<string, HiredPlumber>> {
      const rows = await listPlumberContacts(db, [...new Set(plumberIds)]);
      return new Map(rows.map(({ id, ...contact }) => [id, contact]));
    },

    /** Stores a job's rating inside the caller's transaction `tx`; undefined when the job already has one. */
    async addRatingIfNew(tx: Executor, values: NewRating): Promise<Rating | undefined> {
      return insertRatingIfNew(tx, values);
    },

    /**
     * The plumber's own clock, on which its working hours and days off are kept: the zone of the
     * region of its service-area ZIP (the one setLocation geocoded, the last in `currentAddress`);
     * the app's before it has set a service area. Read through `executor` (the caller's transaction).
     */
    async timeZoneOf(executor: Executor, plumber: Plumber): Promise<string> {
      const zip =
        hasServiceLocation(plumber) && plumber.currentAddress
          ? extractZip(plumber.currentAddress)
          : undefined;
      return zip ? zones.ofZip(executor, zip) : timeZone;
    },

    /** Verified, with insurance covering today: may see jobs and quote. */
    isVetted(plumber: Plumber): boolean {
      return currentVerificationStatus(plumber, today()) === 'verified';
    },

    /** The account behind each plumber (to notify it), keyed by plumber id. */
    async userIdsOf(executor: Executor, plumberIds: readonly string[]): Promise<Map<string, string>> {
      return listPlumberUserIds(executor, plumberIds);
    },

    /** Accounts of the vetted plumbers who may quote on a job at this point (it is inside their area). */
    async vettedUsersServing(executor: Executor, point: { lat: number; lng: number }): Promise<string[]> {
      return listVettedPlumberUsersServing(executor, point, today());
    },

    async listRatingsForJobs(jobIds: readonly string[]): Promise<Rating[]> {
      return listRatingsByJobs(db, jobIds);
    },

    /** A user's plumber record: for that user or an admin; anyone else is told it does not exist. */
    async getProfileForUser(actor: CurrentUser, userId: string): Promise<PlumberProfile> {
      if (actor.id !== userId && actor.role !== 'admin')
        throw new AppError('NOT_FOUND', PLUMBER_ERRORS.notFound);
      const plumber = await plumberOfUser(db, userId);
      if (!plumber) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.notFound);
      return toPlumberProfile(plumber, today());
    },

    /**
     * The logged-in plumber submits (or corrects) its business details: whatever its status was, it
     * is pending until an admin decides again. Insurance must cover today on the app's clock.
     */
    async submitOnboarding(actor: CurrentUser, input: PlumberOnboarding): Promise<PlumberProfile> {
      if (insuranceLapsed(input.insuranceExpiresOn, today())) {
        throw new AppError('VALIDATION_ERROR', PLUMBER_MESSAGES.insuranceExpired, [
          { path: 'insuranceExpiresOn', message: PLUMBER_MESSAGES.insuranceExpired },
        ]);
      }
      const plumber = await requirePlumberForUser(db, actor.id);
      const updated = await updatePlumberOnboarding(db, plumber.id, input);
      // The plumber's next page on this instance must not wait for the change's notice.
      cache.forget(actor.id);
      if (!updated) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.noProfile);
      return toPlumberProfile(updated, today());
    },

    /**
     * Plumbers of one status for the admin, with their account's name and e-mail. Lapsed insurance is
     * written down first, so the status filter runs in SQL on the statuses every answer shows.
     */
    async listForReview({ status }: AdminPlumbersQuery): Promise<AdminPlumber[]> {
      await demoteLapsedPlumbers(db, today());
      const rows = await listPlumbersForReview(db, status, ADMIN_PLUMBERS_LIMIT);
      return rows.map((row) => toAdminPlumber(row, today()));
    },

    async verify(actor: CurrentUser, plumberId: string): Promise<AdminPlumber> {
      return decide(actor, plumberId, { verified: true });
    },

    async reject(actor: CurrentUser, plumberId: string, reason: string): Promise<AdminPlumber> {
      return decide(actor, plumberId, { verified: false, reason });
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
      cache.forget(actor.id);
      if (!updated) throw new AppError('NOT_FOUND', PLUMBER_ERRORS.noProfile);
      return toPlumberProfile(updated, today());
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
