import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { ServiceRequestStatus } from '@shared/contracts/admin-queues';
import { availabilitySlots, serviceRequests, users, type ServiceRequest } from '@shared/schema';
import type { Executor } from '../../db/client';

/** A request with the slot it holds, as the admins' queue reads it. */
export interface QueuedRequestRow {
  request: ServiceRequest;
  slot: { date: string; startTime: string; endTime: string } | null;
}

/**
 * Requests of one status with their slots, at most `limit`: pending and confirmed ones oldest first
 * (the queue is worked from its oldest end), completed and cancelled ones newest first.
 */
export async function listQueuedServiceRequests(
  db: Executor,
  status: ServiceRequestStatus,
  limit: number,
): Promise<QueuedRequestRow[]> {
  const oldestFirst = status === 'pending' || status === 'confirmed';
  const rows = await db
    .select({
      request: serviceRequests,
      slotDate: availabilitySlots.date,
      slotStart: availabilitySlots.startTime,
      slotEnd: availabilitySlots.endTime,
    })
    .from(serviceRequests)
    .leftJoin(availabilitySlots, eq(availabilitySlots.serviceRequestId, serviceRequests.id))
    .where(eq(serviceRequests.status, status))
    .orderBy(
      oldestFirst ? asc(serviceRequests.createdAt) : desc(serviceRequests.createdAt),
      asc(serviceRequests.id),
    )
    .limit(limit);
  return rows.map(({ request, slotDate, slotStart, slotEnd }) => ({
    request,
    slot:
      slotDate && slotStart && slotEnd ? { date: slotDate, startTime: slotStart, endTime: slotEnd } : null,
  }));
}

/** What an admin changes on a request. */
export type ServiceRequestHandling = Partial<
  Pick<
    ServiceRequest,
    | 'status'
    | 'adminNote'
    | 'contactedAt'
    | 'cancellationReason'
    | 'confirmedAt'
    | 'confirmationTokenHash'
    | 'jobId'
    | 'userId'
  >
>;

export async function updateServiceRequestHandling(
  tx: Executor,
  id: string,
  changes: ServiceRequestHandling,
): Promise<ServiceRequest> {
  const [row] = await tx.update(serviceRequests).set(changes).where(eq(serviceRequests.id, id)).returning();
  return row;
}

/** Frees the slot a request holds, if any; in the caller's transaction, with the request's cancellation. */
export async function freeSlotOf(tx: Executor, serviceRequestId: string): Promise<void> {
  await tx
    .update(availabilitySlots)
    .set({ isBooked: 'false', serviceRequestId: null })
    .where(eq(availabilitySlots.serviceRequestId, serviceRequestId));
}

/** An account as converting a request into its job needs it. */
export interface RequestAccount {
  id: string;
  email: string;
  role: 'homeowner' | 'plumber' | 'admin';
  name: string | null;
  phone: string | null;
  emailVerifiedAt: Date | null;
  suspendedAt: Date | null;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  name: users.name,
  phone: users.phone,
  emailVerifiedAt: users.emailVerifiedAt,
  suspendedAt: users.suspendedAt,
};

/** The account `id`, unless it was deleted. */
export async function findLiveAccountById(db: Executor, id: string): Promise<RequestAccount | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The account that uses `email` (stored lower-cased), unless it was deleted. */
export async function findLiveAccountByEmail(
  db: Executor,
  email: string,
): Promise<RequestAccount | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
