import { SERVICE_TYPE_TO_ISSUE_SLUG } from '@shared/catalog-slugs';
import type { ServiceType } from '@shared/constants';
import { isProfileComplete } from '@shared/contracts/account';
import {
  ADMIN_QUEUE_LIMIT,
  SERVICE_REQUEST_TRANSITIONS,
  type ConvertServiceRequestInput,
  type QueuedServiceRequest,
  type ServiceRequestConfirmation,
  type ServiceRequestQueueQuery,
  type ServiceRequestStatus,
  type UpdateServiceRequest,
} from '@shared/contracts/admin-queues';
import type { CurrentUser } from '@shared/contracts/auth';
import { instantOnClock } from '@shared/dates';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit';
import { locateAddress } from '../geo';
import type { JobsService } from '../jobs';
import { composeMail, type MailService } from '../mail';
import {
  findServiceRequestForUpdate,
  findSlotByServiceRequestId,
  type ServiceRequest,
} from './booking.repository';
import {
  findLiveAccountByEmail,
  findLiveAccountById,
  freeSlotOf,
  listQueuedServiceRequests,
  updateServiceRequestHandling,
  type QueuedRequestRow,
  type RequestAccount,
  type ServiceRequestHandling,
} from './request-queue.repository';

export const REQUEST_QUEUE_MESSAGES = {
  notFound: 'Service request not found',
  sameStatus: (status: ServiceRequestStatus) => `This request is already ${status}`,
  transition: (from: ServiceRequestStatus, to: ServiceRequestStatus) =>
    from === 'completed' || from === 'cancelled'
      ? `This request is ${from}: it cannot be changed to ${to}`
      : to === 'completed'
        ? 'Confirm the request before completing it'
        : `A ${from} request cannot go back to ${to}`,
  convertClosed: (status: ServiceRequestStatus) =>
    `This request is ${status}: only a pending or confirmed request can become a job`,
  alreadyConverted: 'This request already has a job',
  guestWithoutAccount: (email: string) =>
    `No account uses ${email}. A guest's booking becomes a job once the requester registers with that ` +
    'e-mail and verifies it: ask them to, then convert.',
  emailNotVerified: (email: string) =>
    `The account with ${email} has not verified that e-mail yet: ask the requester to use the link ` +
    'we mailed them, then convert.',
  accountDeleted: 'The account that made this request has been deleted',
  accountSuspended: 'The account of this request is suspended: reinstate it before converting',
  notHomeowner: (role: string) =>
    `This request's account is a ${role}'s: only a homeowner's account can own a job`,
  profileIncomplete:
    "The requester's account has no full name and phone yet: ask them to complete their profile, then convert.",
  addressWithoutZip:
    "The request's address has no known US ZIP code, so plumbers nearby could not find the job. " +
    'Correct it with the requester first.',
} as const;

/** A request that lapsed unconfirmed (docs/decisions/026-guest-booking-confirmation.md), judged at `now`. */
function confirmationOf(request: ServiceRequest, now: Date): ServiceRequestConfirmation {
  if (request.confirmedAt) return 'confirmed';
  if (!request.confirmBy) return 'not_needed';
  return request.confirmBy > now ? 'waiting' : 'lapsed';
}

export function toQueuedServiceRequest({ request, slot }: QueuedRequestRow, now: Date): QueuedServiceRequest {
  const confirmation = confirmationOf(request, now);
  return {
    id: request.id,
    name: request.name,
    phone: request.phone,
    email: request.email,
    address: request.address,
    serviceType: request.serviceType,
    description: request.description,
    urgency: request.urgency,
    preferredDate: request.preferredDate,
    slot,
    status: request.status,
    guest: request.userId === null,
    confirmation,
    confirmBy: confirmation === 'waiting' ? request.confirmBy!.toISOString() : null,
    adminNote: request.adminNote,
    contactedAt: request.contactedAt?.toISOString() ?? null,
    cancellationReason: request.cancellationReason,
    jobId: request.jobId,
    createdAt: request.createdAt.toISOString(),
  };
}

/** The admin's side of a request, as the audit log keeps it (never the confirmation token's hash). */
const handlingOf = (request: ServiceRequest) => ({
  status: request.status,
  adminNote: request.adminNote,
  contactedAt: request.contactedAt,
  cancellationReason: request.cancellationReason,
  confirmedAt: request.confirmedAt,
  userId: request.userId,
  jobId: request.jobId,
});

/** What the audit log calls a change: the status move if there is one, else the call, else the note. */
function auditActionOf(change: UpdateServiceRequest): string {
  if (change.status === 'confirmed') return 'service_request.confirm';
  if (change.status === 'completed') return 'service_request.complete';
  if (change.status === 'cancelled') return 'service_request.cancel';
  return change.contacted ? 'service_request.call' : 'service_request.note';
}

/** `.invalid` never receives mail (RFC 2606): a deleted account's bookings carry such a placeholder. */
const canReceiveMail = (email: string) => !email.toLowerCase().endsWith('.invalid');

export interface ServiceRequestQueueDeps {
  db: Database;
  /** Posts the job a converted request becomes, in the conversion's transaction, on its region's clock. */
  jobs: Pick<JobsService, 'post' | 'timeZoneOf'>;
  /** Mails the requester a cancellation, in the cancellation's transaction. */
  mail: Pick<MailService, 'send'>;
  /** Every admin write is recorded in its own transaction (docs/decisions/031-admin-operations.md). */
  audit: Pick<AuditService, 'record'>;
  /** The "Book again" link of the cancellation mail starts with it. */
  publicUrl: string;
  now?: () => Date;
}

/**
 * The admins' queue of service requests (the /book flow, guest bookings included): they call the
 * requester, confirm, complete or cancel with a reason (the slot is freed and the requester mailed),
 * and convert a request into a marketplace job of its account. Each change locks the request's row,
 * so it serialises with the guest's own confirmation and the release sweep, and commits with its
 * audit row or not at all.
 */
export function createServiceRequestQueue({
  db,
  jobs,
  mail,
  audit,
  publicUrl,
  now = () => new Date(),
}: ServiceRequestQueueDeps) {
  async function lockRequest(tx: Executor, id: string): Promise<ServiceRequest> {
    const request = await findServiceRequestForUpdate(tx, id);
    if (!request) throw new AppError('NOT_FOUND', REQUEST_QUEUE_MESSAGES.notFound);
    return request;
  }

  async function queued(tx: Executor, request: ServiceRequest): Promise<QueuedServiceRequest> {
    const slot = await findSlotByServiceRequestId(tx, request.id);
    return toQueuedServiceRequest(
      { request, slot: slot ? { date: slot.date, startTime: slot.startTime, endTime: slot.endTime } : null },
      now(),
    );
  }

  /** The requester hears why their booking was cancelled, and where to book again. */
  async function mailCancellation(tx: Executor, request: ServiceRequest, reason: string) {
    if (!canReceiveMail(request.email)) return;
    const slot = await findSlotByServiceRequestId(tx, request.id);
    const when = slot
      ? `on ${slot.date} at ${slot.startTime}–${slot.endTime}`
      : `for ${request.preferredDate}`;
    await mail.send(
      tx,
      composeMail({
        to: request.email,
        subject: 'Your Plumbline booking was cancelled',
        paragraphs: [
          `We are sorry: your booking of ${request.serviceType} ${when} has been cancelled.`,
          `The reason: ${reason}`,
          'You are welcome to book another time.',
        ],
        action: { label: 'Book again', url: `${publicUrl}/book` },
      }),
    );
  }

  /** The account a converted request's job belongs to: its own, or a guest's verified one by e-mail. */
  async function ownerFor(tx: Executor, request: ServiceRequest): Promise<RequestAccount> {
    const account = request.userId
      ? await findLiveAccountById(tx, request.userId)
      : await findLiveAccountByEmail(tx, request.email);
    if (!account) {
      throw new AppError(
        'CONFLICT',
        request.userId
          ? REQUEST_QUEUE_MESSAGES.accountDeleted
          : REQUEST_QUEUE_MESSAGES.guestWithoutAccount(request.email),
      );
    }
    // A guest's e-mail names the account only once its owner has proved the address is theirs.
    if (!request.userId && !account.emailVerifiedAt) {
      throw new AppError('CONFLICT', REQUEST_QUEUE_MESSAGES.emailNotVerified(request.email));
    }
    if (account.role !== 'homeowner')
      throw new AppError('CONFLICT', REQUEST_QUEUE_MESSAGES.notHomeowner(account.role));
    if (account.suspendedAt) throw new AppError('CONFLICT', REQUEST_QUEUE_MESSAGES.accountSuspended);
    if (!isProfileComplete(account))
      throw new AppError('PROFILE_INCOMPLETE', REQUEST_QUEUE_MESSAGES.profileIncomplete);
    return account;
  }

  return {
    /** One status's requests, at most ADMIN_QUEUE_LIMIT. */
    async list({ status }: ServiceRequestQueueQuery): Promise<QueuedServiceRequest[]> {
      const rows = await listQueuedServiceRequests(db, status, ADMIN_QUEUE_LIMIT);
      const current = now();
      return rows.map((row) => toQueuedServiceRequest(row, current));
    },

    /**
     * Confirm (a guest's booking confirmed on the phone counts as confirmed: the release sweep leaves
     * it alone), complete, cancel with a reason (the slot is freed, the requester mailed), record a
     * call and a note. A move SERVICE_REQUEST_TRANSITIONS does not allow is a 409.
     */
    async update(
      actor: CurrentUser,
      id: string,
      change: UpdateServiceRequest,
    ): Promise<QueuedServiceRequest> {
      return db.transaction(async (tx) => {
        const request = await lockRequest(tx, id);
        const current = now();
        const changes: ServiceRequestHandling = {};
        if (change.status !== undefined) {
          if (change.status === request.status) {
            throw new AppError('CONFLICT', REQUEST_QUEUE_MESSAGES.sameStatus(request.status));
          }
          if (!SERVICE_REQUEST_TRANSITIONS[request.status].includes(change.status)) {
            throw new AppError('CONFLICT', REQUEST_QUEUE_MESSAGES.transition(request.status, change.status));
          }
          changes.status = change.status;
          // Its mailed link is no longer needed, whichever way the request went.
          changes.confirmationTokenHash = null;
          if (change.status === 'confirmed' && !request.confirmedAt) changes.confirmedAt = current;
          if (change.status === 'cancelled') changes.cancellationReason = change.cancellationReason;
        }
        if (change.note !== undefined) changes.adminNote = change.note;
        if (change.contacted) changes.contactedAt = current;

        const updated = await updateServiceRequestHandling(tx, request.id, changes);
        if (change.status === 'cancelled') {
          await mailCancellation(tx, updated, change.cancellationReason!);
          await freeSlotOf(tx, updated.id);
        }
        await audit.record(tx, actor, {
          action: auditActionOf(change),
          entityType: 'service_request',
          entityId: updated.id,
          before: handlingOf(request),
          after: handlingOf(updated),
          reason: change.cancellationReason ?? change.note ?? null,
        });
        return queued(tx, updated);
      });
    },

    /**
     * Posts the request as a job of its account, with its address, description, urgency, issue (from
     * the service type), preferred date and the slot's window: the marketplace takes it from there. A
     * guest's request needs an account whose verified e-mail is the request's (the request then
     * belongs to it). The request is confirmed and names its job; a request has one job at most.
     */
    async convert(
      actor: CurrentUser,
      id: string,
      input: ConvertServiceRequestInput,
    ): Promise<QueuedServiceRequest> {
      return db.transaction(async (tx) => {
        const request = await lockRequest(tx, id);
        if (request.jobId) throw new AppError('CONFLICT', REQUEST_QUEUE_MESSAGES.alreadyConverted);
        if (request.status !== 'pending' && request.status !== 'confirmed') {
          throw new AppError('CONFLICT', REQUEST_QUEUE_MESSAGES.convertClosed(request.status));
        }
        const owner = await ownerFor(tx, request);
        const location = locateAddress(request.address);
        if (!location) throw new AppError('CONFLICT', REQUEST_QUEUE_MESSAGES.addressWithoutZip);
        const slot = await findSlotByServiceRequestId(tx, request.id);
        // As for a homeowner's own booking: the slot is the wall clock at the job's address.
        const zone = await jobs.timeZoneOf(tx, request.address);
        const job = await jobs.post(
          tx,
          {
            customerId: owner.id,
            issueSlug: SERVICE_TYPE_TO_ISSUE_SLUG[request.serviceType as ServiceType] ?? 'general-plumbing',
            issueDescription: request.description,
            address: request.address,
            lat: location.lat,
            lng: location.lng,
            urgency: request.urgency,
            preferredDate: request.preferredDate,
            requestedStartsAt: slot ? instantOnClock(slot.date, slot.startTime, zone) : null,
            requestedEndsAt: slot ? instantOnClock(slot.date, slot.endTime, zone) : null,
          },
          'Job posted by Plumbline from a booking request',
        );
        const current = now();
        const updated = await updateServiceRequestHandling(tx, request.id, {
          status: 'confirmed',
          confirmedAt: request.confirmedAt ?? current,
          confirmationTokenHash: null,
          userId: owner.id,
          jobId: job.id,
          ...(input.note !== undefined ? { adminNote: input.note } : {}),
        });
        await audit.record(tx, actor, {
          action: 'service_request.convert',
          entityType: 'service_request',
          entityId: updated.id,
          before: handlingOf(request),
          after: handlingOf(updated),
          reason: input.note ?? null,
        });
        return queued(tx, updated);
      });
    },
  };
}

export type ServiceRequestQueue = ReturnType<typeof createServiceRequestQueue>;
