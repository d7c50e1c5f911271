import { OPEN_JOB_STATUSES } from '@shared/constants';
import type { CurrentUser } from '@shared/contracts/auth';
import type { JobRoom, JobRoomViewer, Receipt } from '@shared/contracts/jobs';
import type { JobQuote } from '@shared/contracts/quotes';
import { jobStatusLabel, jobTitleFromSlug } from '@shared/job-display';
import { formatUsd, formatUsdRange, fromCents } from '@shared/money';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toJobAppointment, toRequestedWindow } from '../appointments';
import { composeMail, type MailService } from '../mail';
import { servesLocation, type PlumbersService } from '../plumbers';
import { listChangeOrdersByJobs } from './change-orders.repository';
import { toJobChangeOrder } from './change-orders.service';
import {
  findCustomerProfile,
  findJobById,
  findReceiptPlumber,
  hasPlumberTakenPart,
  listAcceptedQuotes,
  listAppointmentsByJobs,
  listJobPhotos,
  listJobStatusEvents,
  listPayoutsByJobs,
  type Job,
} from './jobs.repository';
import { storedEstimate } from './job-estimates';
import { areaOfAddress } from '../geo';
import { JOB_ERRORS, agreedMaxCents } from './jobs.service';

export interface ReceiptsDeps {
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
}

/**
 * A completed job's receipt (docs/product.md#the-job-room-messages-and-notifications): the accepted quote, the approved change orders,
 * the final amount, the date and the plumber's business and licence. Read through `executor`, so
 * completion can mail it in its own transaction.
 */
export function createReceipts({ mail, publicUrl }: ReceiptsDeps) {
  async function build(executor: Executor, job: Job): Promise<Receipt | null> {
    if (job.currentStatus !== 'completed' || !job.plumberId) return null;
    // One after another: inside a transaction these share one connection.
    const [accepted] = await listAcceptedQuotes(executor, [job.id]);
    const changeOrders = await listChangeOrdersByJobs(executor, [job.id]);
    const [payout] = await listPayoutsByJobs(executor, [job.id]);
    const events = await listJobStatusEvents(executor, job.id);
    const homeowner = await findCustomerProfile(executor, job.customerId);
    const plumber = await findReceiptPlumber(executor, job.plumberId);
    if (!accepted || !payout) return null;
    const completedAt = events.findLast((event) => event.status === 'completed')?.createdAt ?? job.updatedAt;
    return {
      jobId: job.id,
      completedAt: completedAt.toISOString(),
      issue: jobTitleFromSlug(job.issueSlug),
      address: job.address,
      homeowner: { name: homeowner?.name ?? null },
      plumber: {
        name: plumber?.name ?? null,
        businessName: plumber?.businessName ?? null,
        licenseNumber: plumber?.licenseNumber ?? null,
        licenseState: plumber?.licenseState ?? null,
      },
      quote: { minTotal: accepted.minTotal, maxTotal: accepted.maxTotal },
      changeOrders: changeOrders
        .filter((order) => order.status === 'approved')
        .map((order) => ({ reason: order.reason, amount: order.amount })),
      agreedMax: fromCents(agreedMaxCents(accepted.maxTotal, changeOrders)),
      finalAmount: payout.plumberGross,
    };
  }

  return {
    build,

    /** Mails the homeowner the receipt, inside the completion's transaction `tx`. */
    async mailReceipt(tx: Executor, jobId: string): Promise<void> {
      const job = await findJobById(tx, jobId);
      const receipt = job && (await build(tx, job));
      const to = job && (await findCustomerEmail(tx, job.customerId));
      if (!receipt || !to) return;
      const business = receipt.plumber.businessName ?? receipt.plumber.name ?? 'Your plumber';
      const licence = receipt.plumber.licenseNumber
        ? ` (licence ${receipt.plumber.licenseNumber}${receipt.plumber.licenseState ? `, ${receipt.plumber.licenseState}` : ''})`
        : '';
      await mail.send(
        tx,
        composeMail({
          to,
          subject: `Your Plumbline receipt: ${receipt.issue}`,
          paragraphs: [
            `${business}${licence} completed ${receipt.issue} at ${receipt.address} on ${receipt.completedAt.slice(0, 10)}.`,
            `Accepted quote: ${formatUsdRange(receipt.quote.minTotal, receipt.quote.maxTotal)}.`,
            ...receipt.changeOrders.map(
              (order) => `Approved change order: ${formatUsd(order.amount)} — ${order.reason}`,
            ),
            `Final amount: ${formatUsd(receipt.finalAmount)}.`,
          ],
          action: { label: 'View the receipt', url: `${publicUrl}/jobs/${receipt.jobId}` },
        }),
      );
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;

async function findCustomerEmail(executor: Executor, userId: string): Promise<string | null> {
  const profile = await findCustomerProfile(executor, userId);
  return profile?.email && !profile.deletedAt ? profile.email : null;
}

export interface JobRoomServiceDeps {
  db: Database;
  plumbers: Pick<PlumbersService, 'findForUser' | 'hiredContacts' | 'isVetted'>;
  quotes: { listForJob(actor: CurrentUser, jobId: string): Promise<JobQuote[]> };
  receipts: Pick<Receipts, 'build'>;
}

/**
 * The job room (docs/product.md#the-job-room-messages-and-notifications): one page per job for its homeowner, the hired plumber, plumbers
 * who may quote on it or already took part (a limited view: the area, no street, no contacts) and
 * admins. Everyone else is told the job does not exist.
 */
export function createJobRoomService({ db, plumbers, quotes, receipts }: JobRoomServiceDeps) {
  async function viewerOf(actor: CurrentUser, job: Job): Promise<JobRoomViewer | null> {
    if (actor.role === 'admin') return 'admin';
    if (job.customerId === actor.id) return 'homeowner';
    if (actor.role !== 'plumber') return null;
    const plumber = await plumbers.findForUser(db, actor.id);
    if (!plumber) return null;
    if (job.plumberId === plumber.id) return 'hired_plumber';
    if (await hasPlumberTakenPart(db, job.id, plumber.id)) return 'prospective_plumber';
    const mayQuote =
      OPEN_JOB_STATUSES.includes(job.currentStatus) &&
      plumbers.isVetted(plumber) &&
      servesLocation(plumber, job);
    return mayQuote ? 'prospective_plumber' : null;
  }

  return {
    async getRoom(actor: CurrentUser, jobId: string): Promise<JobRoom> {
      const job = await findJobById(db, jobId);
      const viewer = job && (await viewerOf(actor, job));
      if (!job || !viewer) throw new AppError('NOT_FOUND', JOB_ERRORS.notFound);
      const seesAddress = viewer !== 'prospective_plumber';
      const [photos, events, changeOrders, [payout], jobQuotes, customer, hired, receipt, [booked]] =
        await Promise.all([
          listJobPhotos(db, job.id),
          listJobStatusEvents(db, job.id),
          listChangeOrdersByJobs(db, [job.id]),
          listPayoutsByJobs(db, [job.id]),
          quotes.listForJob(actor, job.id),
          viewer === 'hired_plumber' || viewer === 'admin'
            ? findCustomerProfile(db, job.customerId)
            : undefined,
          (viewer === 'homeowner' || viewer === 'admin') && job.plumberId
            ? plumbers.hiredContacts([job.plumberId])
            : undefined,
          seesAddress ? receipts.build(db, job) : null,
          seesAddress ? listAppointmentsByJobs(db, [job.id]) : [],
        ]);
      return {
        viewer,
        job: {
          id: job.id,
          issueSlug: job.issueSlug,
          issueDescription: job.issueDescription,
          urgency: job.urgency,
          preferredDate: job.preferredDate,
          currentStatus: job.currentStatus,
          statusLabel: jobStatusLabel(job.currentStatus),
          timeZone: job.timeZone,
          createdAt: job.createdAt.toISOString(),
          updatedAt: job.updatedAt.toISOString(),
          area: areaOfAddress(job.address),
          address: seesAddress ? job.address : null,
        },
        // The estimate the job was posted with, even if its issue type has since been repriced or retired.
        estimate: storedEstimate(job.estimate),
        photos,
        homeowner: customer ? { name: customer.name, phone: customer.phone } : null,
        plumber: (job.plumberId && hired?.get(job.plumberId)) || null,
        quotes: jobQuotes,
        timeline: events.map((event) => ({
          status: event.status,
          statusLabel: jobStatusLabel(event.status),
          notes: event.notes,
          createdAt: event.createdAt.toISOString(),
        })),
        changeOrders: changeOrders.map(toJobChangeOrder),
        finalAmount: payout?.plumberGross ?? null,
        receipt,
        requestedWindow: toRequestedWindow(job),
        appointment: booked ? toJobAppointment(booked.appointment, booked.pending) : null,
      };
    },
  };
}

export type JobRoomService = ReturnType<typeof createJobRoomService>;
