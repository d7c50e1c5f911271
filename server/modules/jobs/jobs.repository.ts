import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { OPEN_JOB_STATUSES, type JobStatus } from '@shared/constants';
import { EARTH_RADIUS_KM } from '@shared/geo';
import type { NearbyCursor } from '@shared/contracts/jobs';
import {
  appointments,
  jobMedia,
  jobStatusEvents,
  rescheduleProposals,
  jobs,
  payouts,
  plumbers,
  quotes,
  users,
  type Appointment,
  type Job,
  type JobStatusEvent,
  type RescheduleProposal,
  type NewJob,
  type NewJobStatusEvent,
  type NewPayout,
  type Payout,
} from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Job, JobStatusEvent, Payout };

export async function insertJob(db: Executor, values: NewJob): Promise<Job> {
  const [row] = await db.insert(jobs).values(values).returning();
  return row;
}

export async function insertJobStatusEvent(db: Executor, values: NewJobStatusEvent): Promise<JobStatusEvent> {
  const [row] = await db.insert(jobStatusEvents).values(values).returning();
  return row;
}

/** A customer's jobs, newest first (jobs_customer_idx). */
export async function listJobsByCustomer(db: Executor, customerId: string): Promise<Job[]> {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.customerId, customerId))
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
}

export async function findJobById(db: Executor, id: string): Promise<Job | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/** Reads the job and locks its row until the transaction ends: changes to one job happen one at a time. */
/** The name and phone of the account posting a job (the profile step, docs/decisions/025-accounts.md). */
export async function findCustomerProfile(
  db: Executor,
  userId: string,
): Promise<{ name: string | null; phone: string | null; email: string; deletedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ name: users.name, phone: users.phone, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function lockJobById(tx: Executor, id: string): Promise<Job | undefined> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).limit(1).for('update');
  return row;
}

export async function updateJob(
  db: Executor,
  id: string,
  values: { currentStatus: JobStatus; plumberId?: string | null },
): Promise<Job> {
  const [row] = await db.update(jobs).set(values).where(eq(jobs.id, id)).returning();
  return row;
}

/** The search area: a box that contains the circle, so the (lat, lng) index can narrow the rows first. */
export interface NearbyArea {
  lat: number;
  lng: number;
  radiusKm: number;
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number };
}

/** Where a page of nearby jobs resumes: the previous page's last job (shared/contracts/jobs.ts). */
export type NearbyPosition = NearbyCursor;

export interface NearbySearch extends NearbyArea {
  plumberId: string;
  /** The jobs after this one in the list's order; null for the first page. */
  after: NearbyPosition | null;
  limit: number;
}

/** What a nearby job's card needs, and where the job stands in the list's order. */
export interface NearbyJobRow {
  id: string;
  issueSlug: string;
  issueDescription: string;
  /** Only for its area (city, state and ZIP); never sent. */
  address: string;
  urgency: Job['urgency'];
  /** When it was posted, ISO 8601 to the millisecond as the API writes instants. */
  createdAt: string;
  distanceKm: number;
  alreadyQuoted: boolean;
  requestedStartsAt: Date | null;
  requestedEndsAt: Date | null;
  timeZone: string;
  /** The total range of the estimate the job was posted with (jobs.estimate), as stored: all the card shows of it. */
  estimateTotal: unknown;
  position: NearbyPosition;
}

/**
 * Open jobs (requested or quoted) within the radius, as `from … where …` over `jobs j` with the
 * distance `d.km`. The bounding box is written as `point(lng, lat) <@ box(…)` over open statuses:
 * the exact shape of the partial GiST index `jobs_open_location_gist` (migration 0002), which
 * narrows the rows; the exact haversine distance is computed in SQL on those rows only. The box is
 * not also written on the numeric lat/lng columns: the planner then weighed the (lat, lng) btree
 * for every query, which cost PostgreSQL an eighth of its time per answer (bench/nearby.ts,
 * docs/performance.md), and never chose it.
 */
function openJobsWithinSql({ lat, lng, radiusKm, box }: NearbyArea): SQL {
  const open = sql.join(
    OPEN_JOB_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`
    from jobs j
    cross join lateral (
      select 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
          power(sin(radians(j.lat::float8 - ${lat}::float8) / 2), 2)
        + cos(radians(${lat}::float8)) * cos(radians(j.lat::float8))
        * power(sin(radians(j.lng::float8 - ${lng}::float8) / 2), 2)))) as km
    ) d
    where point(j.lng::float8, j.lat::float8) <@ box(point(${box.minLng}::float8, ${box.minLat}::float8), point(${box.maxLng}::float8, ${box.maxLat}::float8))
      and j.current_status in (${open})
      and d.km <= ${radiusKm}::float8`;
}

/**
 * The jobs after `after` in the order (emergency desc, km asc, created_at desc, id asc), written out
 * column by column since the directions differ. `d.km` is compared with the float8 it was on the
 * previous page (the same expression on the same row gives the same bits), and `created_at` with
 * its microseconds, so ties at one spot (jobs share their ZIP code's point) neither repeat nor drop.
 */
function afterPositionSql(after: NearbyPosition): SQL {
  const rest = sql`(d.km > ${after.distanceKm}::float8 or (d.km = ${after.distanceKm}::float8 and (
      j.created_at < ${after.createdAt}::timestamptz
      or (j.created_at = ${after.createdAt}::timestamptz and j.id > ${after.id}::uuid))))`;
  // After an emergency come the later emergencies and every other job; after another job, only
  // later ones that are not emergencies.
  return after.emergency
    ? sql`and (j.urgency <> 'emergency' or ${rest})`
    : sql`and j.urgency <> 'emergency' and ${rest}`;
}

/**
 * One page of the open jobs within the radius, emergencies first, then nearest, then newest
 * (docs/product.md#screens-and-routes), after `search.after` (docs/decisions/035-nearby-pages.md).
 */
export function nearbyOpenJobsSql(search: NearbySearch): SQL {
  return sql`
    select j.id, j.issue_slug as "issueSlug", j.issue_description as "issueDescription", j.address,
           j.urgency, d.km as "distanceKm",
           to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAtKey",
           j.requested_starts_at as "requestedStartsAt", j.requested_ends_at as "requestedEndsAt",
           j.time_zone as "timeZone", j.estimate->'costBreakdown'->'total' as "estimateTotal",
           exists (select 1 from quotes q where q.job_id = j.id and q.plumber_id = ${search.plumberId}) as "alreadyQuoted"
    ${openJobsWithinSql(search)}
    ${search.after ? afterPositionSql(search.after) : sql``}
    order by (j.urgency = 'emergency') desc, d.km asc, j.created_at desc, j.id
    limit ${search.limit}`;
}

/** How many open jobs are within the radius: all of them, counted by the database. */
export async function countNearbyOpenJobs(db: Executor, area: NearbyArea): Promise<number> {
  const result = await db.execute<{ count: number | string }>(
    sql`select count(*)::int as count ${openJobsWithinSql(area)}`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** A raw row's timestamptz: a Date from pg, a string from some drivers, or null. */
const instantOrNull = (value: unknown): Date | null =>
  value == null ? null : value instanceof Date ? value : new Date(String(value));

/**
 * The instant a position's `createdAt` (microseconds, UTC) names, as `Date#toISOString` writes it:
 * cut to the millisecond, as a Date holds it. Read from the key, a page's twenty instants need no
 * timestamptz parsed into a Date and written out again (a few µs each, about a tenth of the page's CPU).
 */
const isoMillisOfKey = (key: string) => `${key.slice(0, 23)}Z`;

export async function findNearbyOpenJobs(db: Executor, search: NearbySearch): Promise<NearbyJobRow[]> {
  const result = await db.execute<Record<string, unknown>>(nearbyOpenJobsSql(search));
  return result.rows.map((row) => {
    const id = row.id as string;
    const urgency = row.urgency as Job['urgency'];
    const distanceKm = Number(row.distanceKm);
    const createdAtKey = row.createdAtKey as string;
    return {
      id,
      issueSlug: row.issueSlug as string,
      issueDescription: row.issueDescription as string,
      address: row.address as string,
      urgency,
      createdAt: isoMillisOfKey(createdAtKey),
      distanceKm,
      alreadyQuoted: row.alreadyQuoted === true,
      requestedStartsAt: instantOrNull(row.requestedStartsAt),
      requestedEndsAt: instantOrNull(row.requestedEndsAt),
      timeZone: row.timeZone as string,
      estimateTotal: row.estimateTotal ?? null,
      position: { emergency: urgency === 'emergency', distanceKm, createdAt: createdAtKey, id },
    };
  });
}

export interface AssignedJobRow {
  job: Job;
  customer: { name: string | null; email: string; phone: string | null };
}

/** Jobs this plumber was hired for, with the homeowner's contact details (their quote was accepted). */
export async function listJobsByPlumber(db: Executor, plumberId: string): Promise<AssignedJobRow[]> {
  return db
    .select({ job: jobs, customer: { name: users.name, email: users.email, phone: users.phone } })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.customerId))
    .where(eq(jobs.plumberId, plumberId))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id));
}

export interface AcceptedQuoteRow {
  jobId: string;
  plumberId: string;
  minTotal: string;
  maxTotal: string;
}

/** The accepted quote of each job (at most one per job: quotes_one_accepted_per_job_uq). */
export async function listAcceptedQuotes(
  db: Executor,
  jobIds: readonly string[],
): Promise<AcceptedQuoteRow[]> {
  if (jobIds.length === 0) return [];
  return db
    .select({
      jobId: quotes.jobId,
      plumberId: quotes.plumberId,
      minTotal: quotes.minTotal,
      maxTotal: quotes.maxTotal,
    })
    .from(quotes)
    .where(and(inArray(quotes.jobId, [...jobIds]), eq(quotes.status, 'accepted')));
}

/** Writes the job's payout unless it has one (one per job); undefined on that conflict. */
export async function insertPayoutIfNew(db: Executor, values: NewPayout): Promise<Payout | undefined> {
  const [row] = await db
    .insert(payouts)
    .values(values)
    .onConflictDoNothing({ target: payouts.jobId })
    .returning();
  return row;
}

export async function listPayoutsByJobs(db: Executor, jobIds: readonly string[]): Promise<Payout[]> {
  if (jobIds.length === 0) return [];
  return db
    .select()
    .from(payouts)
    .where(inArray(payouts.jobId, [...jobIds]));
}

/** Plumbers who quoted on the job or wrote in its messages: who hears that it was cancelled. */
export async function listPlumbersInvolved(db: Executor, jobId: string): Promise<string[]> {
  const result = await db.execute<{ plumberId: string }>(sql`
    select plumber_id as "plumberId" from quotes where job_id = ${jobId}
    union
    select plumber_id as "plumberId" from job_messages where job_id = ${jobId}`);
  return result.rows.map((row) => row.plumberId);
}

/** The job's history, oldest first. */
export async function listJobStatusEvents(db: Executor, jobId: string): Promise<JobStatusEvent[]> {
  return db
    .select()
    .from(jobStatusEvents)
    .where(eq(jobStatusEvents.jobId, jobId))
    .orderBy(asc(jobStatusEvents.createdAt), asc(jobStatusEvents.id));
}

export async function listJobPhotos(db: Executor, jobId: string): Promise<{ id: string; url: string }[]> {
  return db
    .select({ id: jobMedia.id, url: jobMedia.url })
    .from(jobMedia)
    .where(eq(jobMedia.jobId, jobId))
    .orderBy(asc(jobMedia.createdAt), asc(jobMedia.id));
}

/** What `job_media.type` says of a photo (the only kind of media a job has so far). */
const JOB_PHOTO_TYPE = 'image';

/**
 * Photos already in the media store become the job's, in the order given: `s3_key` is the store's
 * key, `url` where it is served. One transaction's rows would share `now()`, so each is a microsecond
 * after the one before it (listJobPhotos orders by `created_at`).
 */
export async function insertJobPhotos(
  db: Executor,
  jobId: string,
  photos: readonly { key: string; url: string }[],
): Promise<void> {
  if (photos.length === 0) return;
  await db.insert(jobMedia).values(
    photos.map((photo, index) => ({
      jobId,
      type: JOB_PHOTO_TYPE,
      s3Key: photo.key,
      url: photo.url,
      createdAt: sql`now() + make_interval(secs => ${index / 1_000_000})`,
    })),
  );
}

export async function countJobPhotos(db: Executor, jobId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobMedia)
    .where(eq(jobMedia.jobId, jobId));
  return row?.count ?? 0;
}

/** Deletes one photo of the job; undefined when the job has no such photo. */
export async function deleteJobPhoto(
  db: Executor,
  jobId: string,
  photoId: string,
): Promise<{ url: string; s3Key: string } | undefined> {
  const [row] = await db
    .delete(jobMedia)
    .where(and(eq(jobMedia.jobId, jobId), eq(jobMedia.id, photoId)))
    .returning({ url: jobMedia.url, s3Key: jobMedia.s3Key });
  return row;
}

/** Whether any job's photo names this file, by URL or by key (as the retention sweep looks). */
export async function isPhotoNamedByAnyJob(
  db: Executor,
  photo: { url: string; key: string },
): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    select exists (
      select 1 from ${jobMedia} where ${jobMedia.url} = ${photo.url} or ${jobMedia.s3Key} = ${photo.key}
    ) as found`);
  return result.rows[0]?.found === true;
}

/** Whether the plumber has a quote or a message thread on the job. */
export async function hasPlumberTakenPart(db: Executor, jobId: string, plumberId: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from quotes where job_id = ${jobId} and plumber_id = ${plumberId})
        or exists (select 1 from job_messages where job_id = ${jobId} and plumber_id = ${plumberId}) as found`);
  return result.rows[0]?.found === true;
}

/** Who did the work, as a receipt names them: the person, the business and its licence. */
export async function findReceiptPlumber(db: Executor, plumberId: string) {
  const [row] = await db
    .select({
      name: users.name,
      businessName: plumbers.businessName,
      licenseNumber: plumbers.licenseNumber,
      licenseState: plumbers.licenseState,
    })
    .from(plumbers)
    .innerJoin(users, eq(users.id, plumbers.userId))
    .where(eq(plumbers.id, plumberId));
  return row;
}

/**
 * The plumber withdrew from a scheduled job: its accepted quote is declined (docs/decisions/029-appointments.md,
 * "Reschedule and cancel"). Call inside the transaction that reopens the job.
 */
export async function declineAcceptedQuote(tx: Executor, jobId: string): Promise<void> {
  await tx
    .update(quotes)
    .set({ status: 'declined' })
    .where(and(eq(quotes.jobId, jobId), eq(quotes.status, 'accepted')));
}

/** The appointments of `jobIds` with each one's pending reschedule proposal, for the job lists. */
export async function listAppointmentsByJobs(
  db: Executor,
  jobIds: readonly string[],
): Promise<{ appointment: Appointment; pending: RescheduleProposal | null }[]> {
  if (jobIds.length === 0) return [];
  return db
    .select({ appointment: appointments, pending: rescheduleProposals })
    .from(appointments)
    .leftJoin(
      rescheduleProposals,
      and(eq(rescheduleProposals.appointmentId, appointments.id), eq(rescheduleProposals.status, 'pending')),
    )
    .where(inArray(appointments.jobId, [...jobIds]));
}

/** What pricing a job needs: its issue, its address (the ZIP) and its urgency. */
export type UnpricedJob = Pick<Job, 'id' | 'issueSlug' | 'address' | 'urgency'>;

/**
 * Up to `limit` jobs without a stored estimate, after `afterId` in id order, locked until the
 * transaction ends; jobs another transaction holds are skipped (another instance is pricing them).
 */
export async function listJobsWithoutEstimate(
  tx: Executor,
  options: { afterId?: string; limit: number },
): Promise<UnpricedJob[]> {
  return tx
    .select({ id: jobs.id, issueSlug: jobs.issueSlug, address: jobs.address, urgency: jobs.urgency })
    .from(jobs)
    .where(and(isNull(jobs.estimate), options.afterId ? gt(jobs.id, options.afterId) : undefined))
    .orderBy(asc(jobs.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
}

/** Stores a job's estimate if it still has none; its `updated_at` stays (nothing happened to the job). */
export async function setJobEstimate(tx: Executor, jobId: string, estimate: unknown): Promise<void> {
  await tx
    .update(jobs)
    .set({ estimate, updatedAt: sql`${jobs.updatedAt}` })
    .where(and(eq(jobs.id, jobId), isNull(jobs.estimate)));
}

/**
 * Moves the appended changes into the totals in one statement: each change is deleted and added
 * exactly once, even with every instance folding at the same moment (a row another fold deleted
 * first is skipped by this one's delete). Answers how many changes were folded.
 */
export async function foldJobStatusCountChanges(db: Executor): Promise<number> {
  const result = await db.execute<{ folded: string }>(sql`
    with moved as (
      delete from job_status_count_changes returning status, delta
    ), summed as (
      select status, sum(delta) as delta, count(*) as changes from moved group by status
    ), added as (
      insert into job_status_counts (status, jobs)
      select status, delta from summed
      on conflict (status) do update set jobs = job_status_counts.jobs + excluded.jobs
    )
    select coalesce(sum(changes), 0)::text as folded from summed`);
  return Number(result.rows[0]?.folded ?? 0);
}
