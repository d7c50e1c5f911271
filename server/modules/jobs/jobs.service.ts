import type { JobStatus, Urgency } from '@shared/constants';
import { EARTH_RADIUS_KM } from '@shared/geo';
import { jobStatusLabel } from '@shared/job-display';
import { MAX_MONEY, formatUsd, fromCents, toCents } from '@shared/money';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { ACCOUNT_MESSAGES, isProfileComplete } from '@shared/contracts/account';
import type { CurrentUser } from '@shared/contracts/auth';
import { NEARBY_PAGE_SIZE, encodeNearbyCursor } from '@shared/contracts/jobs';
import type {
  AssignedJob,
  CustomerJob,
  JobStatusResult,
  NearbyCount,
  NearbyJob,
  NearbyJobsPage,
  NearbyJobsQuery,
  PayoutSummary,
  UpdateJobStatus,
} from '@shared/contracts/jobs';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toJobAppointment, toRequestedWindow } from '../appointments';
import { areaOfAddress, extractZip } from '../geo';
import { notificationCopy, type NotificationsService } from '../notifications';
import { estimateNow, timeZoneForZip, type RegionTimeZones } from '../pricing';
import { hasServiceLocation, toPlumberRating, type Plumber, type PlumbersService } from '../plumbers';
import { listChangeOrdersByJobs, type ChangeOrder } from './change-orders.repository';
import { toJobChangeOrder } from './change-orders.service';
import { storedEstimateTotal, storedJobEstimate } from './job-estimates';
import {
  countNearbyOpenJobs,
  declineAcceptedQuote,
  findCustomerProfile,
  findJobById,
  findNearbyOpenJobs,
  insertJob,
  insertJobPhotos,
  insertJobStatusEvent,
  insertPayoutIfNew,
  listAcceptedQuotes,
  listAppointmentsByJobs,
  listJobsByCustomer,
  listJobsByPlumber,
  listPlumbersInvolved,
  listPayoutsByJobs,
  lockJobById,
  updateJob,
  type Job,
  type NearbyArea,
  type NearbyJobRow,
  type Payout,
} from './jobs.repository';

export type { Job };

export interface PostJobInput {
  customerId: string;
  issueSlug: string;
  issueDescription: string;
  address: string;
  lat: number;
  lng: number;
  urgency: Urgency;
  preferredDate: string | null;
  /** The /book slot's window, when the homeowner picked one (instants on the job's clock). */
  requestedStartsAt?: Date | null;
  requestedEndsAt?: Date | null;
  /**
   * The IANA zone of the job's region, whose clock shows and judges its times. jobs.post sets it
   * from the address; other callers (tests, benchmarks) may leave it to postJob, which reads it the
   * same way.
   */
  timeZone?: string;
  /**
   * Photos already in the media store that become the job's (a diagnosis' cleaned photos, read in
   * the same transaction: docs/decisions/016-media-store.md).
   */
  photos?: readonly { key: string; url: string }[];
}

/**
 * "Post a Job": a homeowner's job in status `requested` with its first status event and its
 * photos, written through `db` (the caller's transaction, or the pool).
 */
export async function postJob(db: Executor, input: PostJobInput, notes = 'Job posted'): Promise<Job> {
  const { photos = [], ...fields } = input;
  const job = await insertJob(db, {
    ...fields,
    timeZone:
      fields.timeZone ?? (await timeZoneForZip(db, extractZip(fields.address), DEFAULT_APP_TIME_ZONE)),
    // The price as the catalogue has it now, kept with the job (job-estimates.ts).
    estimate: await estimateNow(db, {
      issueSlug: fields.issueSlug,
      zip: extractZip(fields.address),
      urgency: fields.urgency,
    }),
    lat: fields.lat.toFixed(7),
    lng: fields.lng.toFixed(7),
    currentStatus: 'requested',
  });
  await insertJobStatusEvent(db, { jobId: job.id, status: 'requested', notes });
  await insertJobPhotos(db, job.id, photos);
  return job;
}

/** Moves a job to a new status and writes the status event; inside the caller's transaction. */
async function transitionJob(
  tx: Executor,
  jobId: string,
  status: JobStatus,
  notes: string,
  extra: { plumberId?: string | null } = {},
): Promise<Job> {
  const job = await updateJob(tx, jobId, { currentStatus: status, ...extra });
  await insertJobStatusEvent(tx, { jobId, status, notes });
  return job;
}

export const JOB_ERRORS = {
  notFound: 'Job not found',
  locationRequired: 'Set your service location (ZIP code and radius) to see jobs near you',
  cancelOwnerOnly: 'Only the homeowner who posted this job can cancel it',
  cancelTooLate: 'A job can only be cancelled before a quote is accepted',
  plumberOnly: 'Only the plumber assigned to this job can change its progress',
  startNotScheduled: 'Only a scheduled job can be started',
  completeNotStarted: 'Only a job in progress can be completed',
  finalAmountOnlyOnCompletion: 'A final amount can only be given when completing a job',
  noAmount: 'This job has no accepted quote, so there is no agreed amount to pay out',
  finalAmountAboveAgreed: (agreed: string) =>
    `The final amount can't exceed the agreed ${agreed}. Ask the homeowner to approve a change order first.`,
  rateNotCompleted: 'You can rate a job once it is completed',
  alreadyRated: 'You have already rated this job',
} as const;

/** Keeps the box a hair larger than the circle, whatever the rounding of numeric(10,7). */
const BOX_MARGIN_DEG = 1e-6;

/** The smallest latitude/longitude box that contains the circle (whole longitudes near the poles or the antimeridian). */
export function boundingBox(lat: number, lng: number, radiusKm: number) {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = (angular * 180) / Math.PI + BOX_MARGIN_DEG;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const ratio = Math.sin(angular) / Math.cos((lat * Math.PI) / 180);
  if (minLat <= -90 || maxLat >= 90 || !(ratio < 1)) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  const dLng = (Math.asin(ratio) * 180) / Math.PI + BOX_MARGIN_DEG;
  if (lng - dLng < -180 || lng + dLng > 180) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  return { minLat, maxLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** Where a plumber works, as a search area; a plumber without a service location has none yet (409). */
function serviceAreaOf(plumber: Plumber): NearbyArea {
  if (!hasServiceLocation(plumber)) throw new AppError('CONFLICT', JOB_ERRORS.locationRequired);
  const lat = Number(plumber.currentLat);
  const lng = Number(plumber.currentLng);
  const radiusKm = Number(plumber.serviceRadiusKm);
  return { lat, lng, radiusKm, box: boundingBox(lat, lng, radiusKm) };
}

type JobSummarySource = Pick<
  Job,
  | 'id'
  | 'issueSlug'
  | 'issueDescription'
  | 'urgency'
  | 'preferredDate'
  | 'currentStatus'
  | 'timeZone'
  | 'createdAt'
>;

/** The jobs' appointments as the lists show them, by job id. */
async function appointmentsByJob(db: Executor, jobIds: readonly string[]) {
  const rows = await listAppointmentsByJobs(db, jobIds);
  return new Map(
    rows.map(({ appointment, pending }) => [appointment.jobId, toJobAppointment(appointment, pending)]),
  );
}

/** What the homeowner's and the assigned job lists show of a job (nearby shows less: toNearbyJob). */
function toJobSummary(job: JobSummarySource) {
  return {
    id: job.id,
    issueSlug: job.issueSlug,
    issueDescription: job.issueDescription,
    urgency: job.urgency,
    preferredDate: job.preferredDate,
    currentStatus: job.currentStatus,
    statusLabel: jobStatusLabel(job.currentStatus),
    timeZone: job.timeZone,
    createdAt: job.createdAt.toISOString(),
  };
}

/**
 * A nearby job as its card shows it. The estimate is the one stored when the job was posted, never
 * priced again here (server/modules/jobs/job-estimates.ts).
 */
function toNearbyJob(row: NearbyJobRow): NearbyJob {
  return {
    id: row.id,
    issueSlug: row.issueSlug,
    issueDescription: row.issueDescription,
    urgency: row.urgency,
    timeZone: row.timeZone,
    createdAt: row.createdAt,
    area: areaOfAddress(row.address),
    distanceKm: Math.round(row.distanceKm * 10) / 10,
    alreadyQuoted: row.alreadyQuoted,
    estimate: storedEstimateTotal(row.estimateTotal),
    requestedWindow: toRequestedWindow(row),
  };
}

function toPayoutSummary(payout: Payout): PayoutSummary {
  return {
    plumberGross: payout.plumberGross,
    platformFee: payout.platformFee,
    plumberNet: payout.plumberNet,
    status: payout.status,
    paidAt: payout.paidAt?.toISOString() ?? null,
  };
}

export function toJobStatusResult(job: Job, payout: Payout | null = null): JobStatusResult {
  return {
    id: job.id,
    currentStatus: job.currentStatus,
    statusLabel: jobStatusLabel(job.currentStatus),
    plumberId: job.plumberId,
    updatedAt: job.updatedAt.toISOString(),
    payout: payout ? toPayoutSummary(payout) : null,
  };
}

/**
 * The most a job's final amount may be, in cents: what the homeowner agreed to — the accepted
 * quote's maximum plus every change order they approved.
 */
export function agreedMaxCents(quoteMax: string | undefined, changeOrders: readonly ChangeOrder[]): number {
  const approved = changeOrders.filter((order) => order.status === 'approved');
  return approved.reduce((sum, order) => sum + toCents(order.amount), quoteMax ? toCents(quoteMax) : 0);
}

/** Each job's change orders, oldest first. */
function groupByJob(rows: readonly ChangeOrder[]): Map<string, ChangeOrder[]> {
  const byJob = new Map<string, ChangeOrder[]>();
  for (const row of rows) {
    const list = byJob.get(row.jobId);
    if (list) list.push(row);
    else byJob.set(row.jobId, [row]);
  }
  return byJob;
}

/** Splits a gross amount into Plumbline's fee and the plumber's net, in whole cents. */
export function splitPayout(gross: string, feePercent: number) {
  const grossCents = toCents(gross);
  const feeCents = Math.round((grossCents * feePercent) / 100);
  return {
    plumberGross: fromCents(grossCents),
    platformFee: fromCents(feeCents),
    plumberNet: fromCents(grossCents - feeCents),
  };
}

const CANCELLABLE: readonly JobStatus[] = ['draft', 'requested', 'quoted'];

export interface JobsServiceDeps {
  db: Database;
  platformFeePercent: number;
  plumbers: Pick<
    PlumbersService,
    | 'findForUser'
    | 'requireForUser'
    | 'requireVettedForUser'
    | 'addRatingIfNew'
    | 'listRatingsForJobs'
    | 'hiredContacts'
    | 'userIdsOf'
    | 'vettedUsersServing'
  >;
  /** Tells the other side of each change, in the change's transaction. */
  notifications: Pick<NotificationsService, 'notify' | 'jobChanged'>;
  /** Mails the homeowner the receipt of a completed job, in the completion's transaction. */
  receipts: { mailReceipt(tx: Executor, jobId: string): Promise<void> };
  /** The zone of a job's region, set when it is posted. */
  zones: RegionTimeZones;
}

export function createJobsService({
  db,
  platformFeePercent,
  plumbers,
  notifications,
  receipts,
  zones,
}: JobsServiceDeps) {
  const timeZoneOf = (executor: Executor, address: string) => zones.ofZip(executor, extractZip(address));

  /** The hired plumber moved the job on: the homeowner is told, the plumber's other pages refresh. */
  async function notifyHomeownerOfStatus(tx: Executor, job: Job, plumberUserId: string) {
    await notifications.notify(tx, [
      {
        userId: job.customerId,
        kind: 'status_changed',
        jobId: job.id,
        eventKey: `status:${job.id}:${job.currentStatus}`,
        ...notificationCopy.statusChanged(job.issueSlug, job.currentStatus),
      },
    ]);
    await notifications.jobChanged(tx, job.id, [plumberUserId]);
  }

  return {
    /**
     * Posts a job inside the caller's transaction `tx` (booking posts it with the service request).
     * The homeowner must have a full name and phone first: 409 PROFILE_INCOMPLETE, and the caller's
     * transaction rolls back.
     */
    async post(tx: Executor, input: PostJobInput, notes?: string): Promise<Job> {
      const profile = await findCustomerProfile(tx, input.customerId);
      if (!profile || !isProfileComplete(profile)) {
        throw new AppError('PROFILE_INCOMPLETE', ACCOUNT_MESSAGES.profileRequiredForJob);
      }
      const job = await postJob(tx, { ...input, timeZone: await timeZoneOf(tx, input.address) }, notes);
      const serving = await plumbers.vettedUsersServing(tx, { lat: input.lat, lng: input.lng });
      const text = notificationCopy.newNearbyJob(
        job.issueSlug,
        areaOfAddress(job.address),
        job.urgency === 'emergency',
      );
      await notifications.notify(
        tx,
        serving.map((userId) => ({
          userId,
          kind: 'new_nearby_job' as const,
          jobId: job.id,
          eventKey: `job-posted:${job.id}`,
          ...text,
        })),
      );
      return job;
    },

    /**
     * The zone a job at `address` gets when posted (its region's), read through `executor`: booking
     * judges the picked slot on that clock before it posts the job.
     */
    timeZoneOf,

    async findById(jobId: string): Promise<Job | undefined> {
      return findJobById(db, jobId);
    },

    /** Reads the job and locks its row until the caller's transaction `tx` ends. */
    lockById: (tx: Executor, jobId: string): Promise<Job | undefined> => lockJobById(tx, jobId),

    /** Moves the job to `status` with its status event, inside the caller's transaction `tx`. */
    transition: transitionJob,

    /**
     * The hired plumber cancelled the appointment: the job reopens for quotes (`requested`, no
     * plumber) and the accepted quote is declined, in the caller's transaction
     * (docs/decisions/029-appointments.md, "Reschedule and cancel").
     */
    async releaseHire(tx: Executor, jobId: string, notes: string): Promise<Job> {
      await declineAcceptedQuote(tx, jobId);
      return transitionJob(tx, jobId, 'requested', notes, { plumberId: null });
    },

    /**
     * The logged-in user's own jobs (as the customer), newest first. A job shows its plumber's name
     * and phone once a quote is accepted: accepting is what sets `plumberId`.
     */
    async listCustomerJobs(actor: CurrentUser): Promise<CustomerJob[]> {
      const rows = await listJobsByCustomer(db, actor.id);
      const jobIds = rows.map((job) => job.id);
      const completedIds = rows.filter((job) => job.currentStatus === 'completed').map((job) => job.id);
      const hiredIds = rows.flatMap((job) => (job.plumberId ? [job.plumberId] : []));
      const [ratings, payouts, changeOrders, hired, appointmentOf] = await Promise.all([
        plumbers.listRatingsForJobs(completedIds),
        listPayoutsByJobs(db, completedIds),
        listChangeOrdersByJobs(db, jobIds),
        plumbers.hiredContacts(hiredIds),
        appointmentsByJob(db, jobIds),
      ]);
      const ratingByJob = new Map(ratings.map((rating) => [rating.jobId, rating]));
      const payoutByJob = new Map(payouts.map((payout) => [payout.jobId, payout]));
      const changeOrdersByJob = groupByJob(changeOrders);
      return rows.map((job): CustomerJob => {
        const rating = ratingByJob.get(job.id);
        return {
          ...toJobSummary(job),
          customerId: job.customerId,
          plumberId: job.plumberId,
          plumber: job.plumberId ? (hired.get(job.plumberId) ?? null) : null,
          address: job.address,
          updatedAt: job.updatedAt.toISOString(),
          estimate: storedJobEstimate(job.estimate),
          rating: rating
            ? { stars: rating.stars, comment: rating.comment, createdAt: rating.createdAt.toISOString() }
            : null,
          finalAmount: payoutByJob.get(job.id)?.plumberGross ?? null,
          changeOrders: (changeOrdersByJob.get(job.id) ?? []).map(toJobChangeOrder),
          requestedWindow: toRequestedWindow(job),
          appointment: appointmentOf.get(job.id) ?? null,
        };
      });
    },

    /**
     * One page of the open jobs within the logged-in plumber's radius, emergencies first then
     * nearest, after `query.cursor` (docs/decisions/035-nearby-pages.md). Only the area is shown: no
     * homeowner name, contact or street address before a quote is accepted. Only for a vetted
     * plumber (403 with the dashboard's message otherwise).
     */
    async listNearbyJobs(actor: CurrentUser, query: NearbyJobsQuery): Promise<NearbyJobsPage> {
      const plumber = await plumbers.requireVettedForUser(db, actor.id);
      // One more than a page: whether it comes back says if there is a next page.
      const rows = await findNearbyOpenJobs(db, {
        ...serviceAreaOf(plumber),
        plumberId: plumber.id,
        after: query.cursor ?? null,
        limit: NEARBY_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, NEARBY_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        items: page.map(toNearbyJob),
        nextCursor: rows.length > NEARBY_PAGE_SIZE ? encodeNearbyCursor(last.position) : null,
      };
    },

    /** How many open jobs are within the plumber's radius: for every plumber, vetted or not yet. */
    async countNearbyJobs(actor: CurrentUser): Promise<NearbyCount> {
      const plumber = await plumbers.requireForUser(db, actor.id);
      return { nearbyCount: await countNearbyOpenJobs(db, serviceAreaOf(plumber)) };
    },

    /** Jobs the logged-in plumber was hired for, with the homeowner's contact details. */
    async listAssignedJobs(actor: CurrentUser): Promise<AssignedJob[]> {
      const plumber = await plumbers.requireForUser(db, actor.id);
      const rows = await listJobsByPlumber(db, plumber.id);
      const jobIds = rows.map((row) => row.job.id);
      const [accepted, payouts, changeOrders, appointmentOf] = await Promise.all([
        listAcceptedQuotes(db, jobIds),
        listPayoutsByJobs(db, jobIds),
        listChangeOrdersByJobs(db, jobIds),
        appointmentsByJob(db, jobIds),
      ]);
      const acceptedByJob = new Map(accepted.map((quote) => [quote.jobId, quote]));
      const payoutByJob = new Map(payouts.map((payout) => [payout.jobId, payout]));
      const changeOrdersByJob = groupByJob(changeOrders);
      return rows.map(({ job, customer }) => {
        const quote = acceptedByJob.get(job.id);
        const payout = payoutByJob.get(job.id);
        const jobChangeOrders = changeOrdersByJob.get(job.id) ?? [];
        return {
          ...toJobSummary(job),
          address: job.address,
          customer,
          acceptedQuote: quote ? { minTotal: quote.minTotal, maxTotal: quote.maxTotal } : null,
          agreedMax: quote ? fromCents(agreedMaxCents(quote.maxTotal, jobChangeOrders)) : null,
          finalAmount: payout?.plumberGross ?? null,
          changeOrders: jobChangeOrders.map(toJobChangeOrder),
          payout: payout ? toPayoutSummary(payout) : null,
          requestedWindow: toRequestedWindow(job),
          appointment: appointmentOf.get(job.id) ?? null,
        };
      });
    },

    /**
     * The job's lifecycle after a quote is accepted: the assigned plumber starts (scheduled →
     * in_progress) and completes it (→ completed, writing the payout); the owner can cancel it
     * before a quote is accepted. Anyone else is told the job does not exist.
     *
     * The payout never exceeds what the homeowner agreed to (the quote's maximum plus approved
     * change orders). The job row stays locked from that check to the payout, and approving a
     * change order locks it too, so an approval racing a completion is either counted or refused.
     */
    async changeStatus(actor: CurrentUser, jobId: string, change: UpdateJobStatus): Promise<JobStatusResult> {
      if (change.finalAmount !== undefined && change.status !== 'completed') {
        throw new AppError('VALIDATION_ERROR', JOB_ERRORS.finalAmountOnlyOnCompletion, [
          { path: 'finalAmount', message: JOB_ERRORS.finalAmountOnlyOnCompletion },
        ]);
      }
      return db.transaction(async (tx) => {
        const job = await lockJobById(tx, jobId);
        if (!job) throw new AppError('NOT_FOUND', JOB_ERRORS.notFound);
        const isOwner = job.customerId === actor.id;
        const plumber: Plumber | undefined =
          actor.role === 'plumber' ? await plumbers.findForUser(tx, actor.id) : undefined;
        const isAssignedPlumber = plumber !== undefined && job.plumberId === plumber.id;
        if (!isOwner && !isAssignedPlumber) throw new AppError('NOT_FOUND', JOB_ERRORS.notFound);
        const notes = change.notes || undefined;

        if (change.status === 'cancelled') {
          if (!isOwner) throw new AppError('FORBIDDEN', JOB_ERRORS.cancelOwnerOnly);
          if (!CANCELLABLE.includes(job.currentStatus))
            throw new AppError('CONFLICT', JOB_ERRORS.cancelTooLate);
          const cancelled = await transitionJob(
            tx,
            job.id,
            'cancelled',
            notes ?? 'Cancelled by the homeowner',
          );
          const involved = await plumbers.userIdsOf(tx, await listPlumbersInvolved(tx, job.id));
          await notifications.notify(
            tx,
            [...involved.values()].map((userId) => ({
              userId,
              kind: 'job_cancelled' as const,
              jobId: job.id,
              eventKey: `job-cancelled:${job.id}`,
              ...notificationCopy.jobCancelled(job.issueSlug),
            })),
          );
          await notifications.jobChanged(tx, job.id, [actor.id]);
          return toJobStatusResult(cancelled);
        }

        if (!isAssignedPlumber) throw new AppError('FORBIDDEN', JOB_ERRORS.plumberOnly);
        if (change.status === 'in_progress') {
          if (job.currentStatus !== 'scheduled') throw new AppError('CONFLICT', JOB_ERRORS.startNotScheduled);
          const started = await transitionJob(tx, job.id, 'in_progress', notes ?? 'Work started');
          await notifyHomeownerOfStatus(tx, started, actor.id);
          return toJobStatusResult(started);
        }

        if (job.currentStatus !== 'in_progress')
          throw new AppError('CONFLICT', JOB_ERRORS.completeNotStarted);
        const [accepted] = await listAcceptedQuotes(tx, [job.id]);
        const ceiling = agreedMaxCents(accepted?.maxTotal, await listChangeOrdersByJobs(tx, [job.id]));
        if (ceiling <= 0) throw new AppError('CONFLICT', JOB_ERRORS.noAmount);
        if (change.finalAmount !== undefined && toCents(change.finalAmount) > ceiling) {
          const message = JOB_ERRORS.finalAmountAboveAgreed(formatUsd(fromCents(ceiling)));
          throw new AppError('FINAL_AMOUNT_ABOVE_AGREED', message, [{ path: 'finalAmount', message }]);
        }
        // Without a final amount the agreed maximum is billed (a payout holds at most MAX_MONEY).
        const gross = change.finalAmount ?? fromCents(Math.min(ceiling, toCents(String(MAX_MONEY))));
        const completed = await transitionJob(tx, job.id, 'completed', notes ?? 'Job completed');
        const payout = await insertPayoutIfNew(tx, {
          jobId: job.id,
          plumberId: plumber.id,
          ...splitPayout(gross, platformFeePercent),
          status: 'pending',
        });
        await notifyHomeownerOfStatus(tx, completed, actor.id);
        await receipts.mailReceipt(tx, job.id);
        return toJobStatusResult(completed, payout ?? null);
      });
    },

    /** The owner rates the plumber of a completed job, once. */
    async rateJob(actor: CurrentUser, jobId: string, input: { stars: number; comment?: string }) {
      return db.transaction(async (tx) => {
        const job = await lockJobById(tx, jobId);
        if (!job || job.customerId !== actor.id) throw new AppError('NOT_FOUND', JOB_ERRORS.notFound);
        if (job.currentStatus !== 'completed' || !job.plumberId) {
          throw new AppError('CONFLICT', JOB_ERRORS.rateNotCompleted);
        }
        const rating = await plumbers.addRatingIfNew(tx, {
          jobId: job.id,
          plumberId: job.plumberId,
          stars: input.stars,
          comment: input.comment || null,
        });
        if (!rating) throw new AppError('CONFLICT', JOB_ERRORS.alreadyRated);
        return toPlumberRating(rating);
      });
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
