import { SERVICE_TYPE_TO_ISSUE_SLUG } from '@shared/catalog-slugs';
import type { UserRole } from '@shared/constants';
import { hasSlotStarted, instantOnClock, todayIn, wallClockIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import {
  BOOKING_MESSAGES,
  GUEST_CONFIRMATION_MINUTES,
  type CreateServiceRequestData,
} from '@shared/contracts/booking';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashLinkToken, newLinkToken } from '../../lib/link-token';
import type { DiagnosisService } from '../diagnosis';
import { locateAddress } from '../geo';
import type { JobsService } from '../jobs';
import { composeMail, type MailService } from '../mail';
import { identityKeys, mostHeldPerKey, type BookingIdentity } from './booking.identity';
import {
  bookSlotIfFree,
  anonymiseServiceRequestsOf,
  claimServiceRequestsByEmail,
  confirmServiceRequest,
  findServiceRequestForUpdate,
  findSlotById,
  findSlotByServiceRequestId,
  insertServiceRequest,
  isActiveCatalogIssue,
  listOpenBookingsOn,
  listOpenSlots,
  lockBookingIdentities,
  releaseLapsedBookings,
  setServiceRequestTechnician,
  type AvailabilitySlot,
  type ServiceRequest,
  type SlotView,
} from './booking.repository';
import { updateServiceRequestHandling } from './request-queue.repository';

export type { SlotView };

/** Messages of the booking rules the shared validators cannot check (they need the clock or the database). */
export const BOOKING_SERVICE_MESSAGES = {
  slotTaken: 'That time was just booked — please pick another',
  slotPassed: 'That time has already passed — please pick another',
  slotNotFound: 'That time slot does not exist',
  slotOnOtherDate: 'The time slot must be on the preferred date',
  requestNotFound: 'Service request not found',
  requestAlreadyBooked: 'This service request already has a booked time slot',
  requestNotYours: 'This service request belongs to another account',
  requestLapsed:
    `This booking was not confirmed within ${GUEST_CONFIRMATION_MINUTES} minutes and has been released. ` +
    'Please book again.',
  preferredDatePast: BOOKING_MESSAGES.preferredDatePast,
  zipRequired: 'Add a valid US ZIP code to the address so nearby plumbers can find it',
  dailyCapReached: (cap: number, supportPhone: string) =>
    `You already have ${cap} ${cap === 1 ? 'booking' : 'bookings'} for that day. ` +
    `Call us at ${supportPhone} or manage your existing bookings.`,
} as const;

/** Who is booking: a logged-in account, or nobody (a guest). */
export interface Booker {
  id: string;
  role: UserRole;
}

/** A service request as the API answers it (no internal links). */
export interface ServiceRequestView {
  id: string;
  name: string;
  email: string;
  phone: string;
  serviceType: string;
  preferredDate: string;
  urgency: ServiceRequest['urgency'];
  description: string;
  address: string;
  status: ServiceRequest['status'];
  createdAt: Date;
}

export interface BookingResult extends ServiceRequestView {
  /** The booked slot, when one was chosen. */
  slot: SlotView | null;
  /** The job posted for a logged-in homeowner ("Post a Job"); null for anyone else. */
  jobId: string | null;
  /** True while a guest's booking waits for its mailed confirmation link. */
  confirmationRequired: boolean;
  /** While it waits: when it lapses and its slot is released. */
  confirmBy: Date | null;
}

export interface BookingServiceDeps {
  db: Database;
  /** Posts a logged-in homeowner's job with the booking, on the clock of the job's region (`timeZoneOf`). */
  jobs: Pick<JobsService, 'post' | 'timeZoneOf'>;
  /** The photos of the diagnosis a booking was handed over from, for the job it posts. */
  diagnosis: Pick<DiagnosisService, 'photosOf'>;
  /** The clock. */
  now?: () => Date;
  /**
   * APP_TIME_ZONE: dates and slot times are the business's, judged on its clock — except a logged-in
   * homeowner's booking, which posts a job: its slot is read on the job's clock.
   */
  timeZone?: string;
  /** BOOKING_DAILY_CAP: open slot bookings one e-mail, phone, address or account may hold per day. */
  dailyCap: number;
  /** Named in the message of a refused booking. */
  supportPhone: string;
  /** Mails a guest the link that confirms their booking, in the booking's transaction. */
  mail: Pick<MailService, 'send'>;
  /** Where the app is opened: the confirmation link starts with it. */
  publicUrl: string;
}

/** How long a guest's booking (and the slot it holds) waits for its confirmation link. */
export const GUEST_CONFIRMATION_MS = GUEST_CONFIRMATION_MINUTES * 60 * 1000;

/**
 * How old a diagnosis may be for the job booked from it to get its photos. Shorter than the
 * shortest photo retention (MEDIA_RETENTION_DAYS ≥ 1), so the sweep never looks at a diagnosis whose
 * photos are being copied (docs/decisions/016-media-store.md).
 */
export const DIAGNOSIS_PHOTOS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const toSlotView = (slot: AvailabilitySlot): SlotView => ({
  id: slot.id,
  date: slot.date,
  startTime: slot.startTime,
  endTime: slot.endTime,
});

const toRequestView = (request: ServiceRequest): ServiceRequestView => ({
  id: request.id,
  name: request.name,
  email: request.email,
  phone: request.phone,
  serviceType: request.serviceType,
  preferredDate: request.preferredDate,
  urgency: request.urgency,
  description: request.description,
  address: request.address,
  status: request.status,
  createdAt: request.createdAt,
});

/** Whether a guest's booking missed its confirmation deadline (cancelled by the sweep or not yet). */
const hasLapsed = (request: ServiceRequest, now: Date) =>
  request.confirmBy !== null && request.confirmedAt === null && request.confirmBy <= now;

const toBookingResult = (
  request: ServiceRequest,
  slot: AvailabilitySlot | undefined,
  jobId: string | null,
): BookingResult => {
  const confirmationRequired = request.confirmBy !== null && request.confirmedAt === null;
  return {
    ...toRequestView(request),
    slot: slot ? toSlotView(slot) : null,
    jobId,
    confirmationRequired,
    confirmBy: confirmationRequired ? request.confirmBy : null,
  };
};

/** The mail that asks a guest to confirm a booking; the link works once, until the booking lapses. */
function confirmationMail(request: ServiceRequest, slot: AvailabilitySlot | undefined, url: string) {
  const when = slot
    ? `on ${slot.date} at ${slot.startTime}–${slot.endTime}`
    : `for ${request.preferredDate} (we will call you to agree on a time)`;
  return composeMail({
    to: request.email,
    subject: 'Confirm your Plumbline booking',
    paragraphs: [
      `Thank you for booking ${request.serviceType} ${when}.`,
      `Please confirm it within ${GUEST_CONFIRMATION_MINUTES} minutes: an unconfirmed booking is released ` +
        'after that, and its time goes to someone else. The link works once. ' +
        'If you did not book with Plumbline, ignore this e-mail.',
    ],
    action: { label: 'Confirm my booking', url },
  });
}

const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path, message }]);

/**
 * The slot `slotId` if it can be booked for a request on `preferredDate`: it exists (404), has not
 * started yet, is not booked as far as this transaction can see, and lies on that date. A guest
 * booking that holds it but lapsed is released first, so the slot's freedom never waits for the
 * sweep. Whether it is still free in the end is decided by the booking UPDATE alone.
 */
async function findBookableSlot(
  tx: Executor,
  slotId: string,
  preferredDate: string,
  clock: { now: Date; timeZone: string },
) {
  await releaseLapsedBookings(tx, clock.now, { slotId });
  const slot = await findSlotById(tx, slotId);
  if (!slot) throw new AppError('NOT_FOUND', BOOKING_SERVICE_MESSAGES.slotNotFound);
  if (hasSlotStarted(slot, clock.timeZone, clock.now)) {
    throw new AppError('SLOT_TAKEN', BOOKING_SERVICE_MESSAGES.slotPassed);
  }
  if (slot.isBooked === 'true') throw new AppError('SLOT_TAKEN', BOOKING_SERVICE_MESSAGES.slotTaken);
  if (slot.date !== preferredDate) throw fieldError('slotId', BOOKING_SERVICE_MESSAGES.slotOnOtherDate);
  return slot;
}

async function bookOrThrow(
  db: Executor,
  slotId: string,
  serviceRequestId: string,
): Promise<AvailabilitySlot> {
  const booked = await bookSlotIfFree(db, slotId, serviceRequestId);
  // Throwing rolls the whole transaction back: nothing of this booking is stored.
  if (!booked) throw new AppError('SLOT_TAKEN', BOOKING_SERVICE_MESSAGES.slotTaken);
  return booked;
}

/** The job's issue: the diagnosis' catalogue issue when it is a real one, else the service type's. */
async function resolveIssueSlug(db: Executor, data: CreateServiceRequestData): Promise<string> {
  if (data.issueSlug && (await isActiveCatalogIssue(db, data.issueSlug))) return data.issueSlug;
  return SERVICE_TYPE_TO_ISSUE_SLUG[data.serviceType];
}

export function createBookingService({
  db,
  jobs,
  diagnosis,
  now = () => new Date(),
  timeZone = DEFAULT_APP_TIME_ZONE,
  dailyCap,
  supportPhone,
  mail,
  publicUrl,
}: BookingServiceDeps) {
  /**
   * Makes slot bookings on `date` that share any of the identity's keys wait for each other until
   * this transaction ends (advisory locks, through `tx` only). Taken before the slot is read, so a
   * booking that waited sees what the one before it committed: its slot, its count.
   */
  async function holdIdentity(tx: Executor, identity: BookingIdentity, date: string) {
    await lockBookingIdentities(
      tx,
      identityKeys(identity).map((key) => `${date}|${key}`),
    );
  }

  /**
   * Refuses a slot booking when its e-mail, phone, address or account already holds `dailyCap`
   * open bookings on the slot's day. Call after `holdIdentity`: concurrent bookings of one identity
   * then count one after the other, so a burst cannot slip past the cap.
   */
  async function checkDailyCap(tx: Executor, identity: BookingIdentity, date: string, current: Date) {
    const clock = wallClockIn(timeZone, current);
    const held = await listOpenBookingsOn(tx, current, date, date === clock.date ? clock.time : undefined);
    if (mostHeldPerKey(identity, held) >= dailyCap) {
      throw new AppError('CONFLICT', BOOKING_SERVICE_MESSAGES.dailyCapReached(dailyCap, supportPhone));
    }
  }

  return {
    /** Open slots of a day; none for past days, and today only those that have not started. */
    async listOpenSlots(date: string): Promise<SlotView[]> {
      const current = now();
      const clock = wallClockIn(timeZone, current);
      if (date < clock.date) return [];
      return listOpenSlots(db, current, date, date === clock.date ? clock.time : undefined);
    },

    /**
     * A booking from the form. With a slot, the request and the slot booking are one transaction:
     * if the slot was taken meanwhile, or the booker already holds the day's cap of bookings,
     * nothing is stored (409). A logged-in homeowner's booking also posts their job (status
     * `requested` with its first status event) in the same transaction, with the photos of the
     * diagnosis `diagnosisId` when it is less than DIAGNOSIS_PHOTOS_MAX_AGE_MS old (a guest's booking
     * posts no job, so it ignores `diagnosisId`). A guest's booking waits
     * for the link mailed to its e-mail (queued in the same transaction) and lapses, releasing its
     * slot, unless confirmed within GUEST_CONFIRMATION_MINUTES.
     */
    async createServiceRequest(
      data: CreateServiceRequestData,
      booker: Booker | null,
    ): Promise<BookingResult> {
      const current = now();
      const postsJob = booker?.role === 'homeowner';
      // Plumbers find jobs by distance: a homeowner's address must carry a known US ZIP code.
      const location = postsJob ? locateAddress(data.address) : undefined;
      if (postsJob && !location) throw fieldError('address', BOOKING_SERVICE_MESSAGES.zipRequired);
      // A booking that posts a job is the job's: its date and slot are the wall clock at the job's
      // address, so "today" and "already started" are judged in the job's zone. Anyone else's booking
      // is the business's, on the app's clock, as the form shows it (so no day of grace either way).
      const clockZone = postsJob ? await jobs.timeZoneOf(db, data.address) : timeZone;
      if (data.preferredDate < todayIn(clockZone, current)) {
        throw fieldError('preferredDate', BOOKING_SERVICE_MESSAGES.preferredDatePast);
      }

      return db.transaction(async (tx) => {
        let slot: AvailabilitySlot | undefined;
        if (data.slotId) {
          // The slot must lie on the preferred date, so that date is the one to hold and count.
          const identity = { ...data, userId: booker?.id ?? null };
          await holdIdentity(tx, identity, data.preferredDate);
          slot = await findBookableSlot(tx, data.slotId, data.preferredDate, {
            now: current,
            timeZone: clockZone,
          });
          await checkDailyCap(tx, identity, slot.date, current);
        }
        // Only the token's hash is stored; the guest gets the token itself, in the mailed link.
        const confirmationToken = booker ? undefined : newLinkToken();
        const request = await insertServiceRequest(tx, {
          name: data.name,
          email: data.email,
          phone: data.phone,
          serviceType: data.serviceType,
          preferredDate: data.preferredDate,
          urgency: data.urgency,
          description: data.description,
          address: data.address,
          technicianId: slot?.technicianId ?? null,
          userId: booker?.id ?? null,
          confirmationTokenHash: confirmationToken ? hashLinkToken(confirmationToken) : null,
          confirmBy: confirmationToken ? new Date(current.getTime() + GUEST_CONFIRMATION_MS) : null,
        });
        const booked = slot ? await bookOrThrow(tx, slot.id, request.id) : undefined;
        if (confirmationToken) {
          const url = `${publicUrl}/confirm-booking?token=${confirmationToken}`;
          await mail.send(tx, confirmationMail(request, booked, url));
        }

        let jobId: string | null = null;
        if (postsJob && booker && location) {
          // An unknown or older diagnosis has no photos for the job: the booking goes ahead without.
          const photos = data.diagnosisId
            ? await diagnosis.photosOf(
                tx,
                data.diagnosisId,
                new Date(current.getTime() - DIAGNOSIS_PHOTOS_MAX_AGE_MS),
              )
            : [];
          const job = await jobs.post(
            tx,
            {
              customerId: booker.id,
              issueSlug: await resolveIssueSlug(tx, data),
              issueDescription: data.description,
              address: data.address,
              lat: location.lat,
              lng: location.lng,
              urgency: data.urgency,
              preferredDate: data.preferredDate,
              // The picked slot's day and times on the job's clock, as instants.
              requestedStartsAt: booked ? instantOnClock(booked.date, booked.startTime, clockZone) : null,
              requestedEndsAt: booked ? instantOnClock(booked.date, booked.endTime, clockZone) : null,
              photos,
            },
            booked
              ? `Job posted with a booking on ${booked.date} at ${booked.startTime}–${booked.endTime}`
              : 'Job posted with a booking request',
          );
          jobId = job.id;
          // The request names its job, so the admins' queue never converts it into a second one.
          await updateServiceRequestHandling(tx, request.id, { jobId });
        }
        return toBookingResult(request, booked, jobId);
      });
    },

    /**
     * A guest confirms a booking from the mailed link: once, before it lapses. The slot stays
     * theirs; the request stays `pending` (for the business to act on) with `confirmedAt` set.
     * Unknown, used and lapsed links are refused alike (400 TOKEN_INVALID).
     */
    async confirmBooking(token: string): Promise<BookingResult> {
      return db.transaction(async (tx) => {
        const request = await confirmServiceRequest(tx, hashLinkToken(token), now());
        if (!request) throw new AppError('TOKEN_INVALID', BOOKING_MESSAGES.confirmationLinkInvalid);
        return toBookingResult(request, await findSlotByServiceRequestId(tx, request.id), null);
      });
    },

    /**
     * Books a slot for an existing request. Exactly one of any number of concurrent callers wins;
     * the others get 409. A request holds at most one slot; a request made by an account can only
     * be booked by that account; the request's e-mail, phone, address and account are held to the
     * daily cap like a booking from the form.
     */
    async bookSlot(slotId: string, serviceRequestId: string, booker: Booker | null): Promise<SlotView> {
      return db.transaction(async (tx) => {
        const request = await findServiceRequestForUpdate(tx, serviceRequestId);
        if (!request) throw new AppError('NOT_FOUND', BOOKING_SERVICE_MESSAGES.requestNotFound);
        if (request.userId && request.userId !== booker?.id) {
          throw new AppError('FORBIDDEN', BOOKING_SERVICE_MESSAGES.requestNotYours);
        }
        const current = now();
        if (hasLapsed(request, current)) {
          throw new AppError('CONFLICT', BOOKING_SERVICE_MESSAGES.requestLapsed);
        }
        if (await findSlotByServiceRequestId(tx, request.id)) {
          throw new AppError('CONFLICT', BOOKING_SERVICE_MESSAGES.requestAlreadyBooked);
        }
        await holdIdentity(tx, request, request.preferredDate);
        const slot = await findBookableSlot(tx, slotId, request.preferredDate, { now: current, timeZone });
        await checkDailyCap(tx, request, slot.date, current);
        const booked = await bookOrThrow(tx, slot.id, request.id);
        await setServiceRequestTechnician(tx, request.id, booked.technicianId);
        return toSlotView(booked);
      });
    },

    /**
     * Called inside the transaction `tx` that verifies the account's e-mail: requests a guest made
     * with this e-mail now belong to the account, which has proved it owns the address. Returns how
     * many were claimed.
     */
    async claimGuestRequests(tx: Executor, userId: string, email: string): Promise<number> {
      return claimServiceRequestsByEmail(tx, userId, email);
    },

    /** Inside the transaction `tx` that deletes the account: its bookings forget who made them. */
    async forgetBooker(tx: Executor, userId: string, placeholderEmail: string): Promise<void> {
      await anonymiseServiceRequestsOf(tx, userId, placeholderEmail);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
