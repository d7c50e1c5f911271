import { OPEN_JOB_STATUSES } from '@shared/constants';
import { jobStatusLabel } from '@shared/job-display';
import type { CurrentUser } from '@shared/contracts/auth';
import type { JobStatusResult } from '@shared/contracts/jobs';
import type { CreateQuoteData, JobQuote, PlumberQuote, Quote as QuoteView } from '@shared/contracts/quotes';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { APPOINTMENT_ERRORS, isBookingConflict, type AppointmentsService } from '../appointments';
import { toJobStatusResult, type JobsService } from '../jobs';
import { notificationCopy, type NotificationsService } from '../notifications';
import { hasServiceLocation, servesLocation, type PlumbersService } from '../plumbers';
import {
  ONE_ACCEPTED_PER_JOB,
  declineOtherQuotes,
  findAcceptedQuote,
  findQuoteById,
  insertQuoteIfNew,
  isUniqueViolation,
  listQuotesByJob,
  listQuotesByJobAndPlumber,
  listQuotesByPlumber,
  markQuoteAccepted,
  type Quote,
} from './quotes.repository';

export const QUOTE_ERRORS = {
  jobNotFound: 'Job not found',
  quoteNotFound: 'Quote not found for this job',
  plumberNotFound: 'Plumber not found',
  locationRequired: 'Set your service location (ZIP code and radius) before sending quotes',
  jobClosed: 'This job is no longer open for quotes',
  outsideArea: 'This job is outside your service area',
  alreadyQuoted: 'You have already sent a quote for this job',
  alreadyAccepted: 'A quote has already been accepted for this job',
  jobNotOpen: 'This job is no longer open',
  notYourQuotes: 'You can only see your own quotes',
} as const;

function toQuoteView(quote: Quote): QuoteView {
  return {
    id: quote.id,
    jobId: quote.jobId,
    plumberId: quote.plumberId,
    minTotal: quote.minTotal,
    maxTotal: quote.maxTotal,
    currency: quote.currency,
    breakdownJson: (quote.breakdownJson as { note?: string } | null) ?? null,
    status: quote.status,
    appointment:
      quote.proposedStartsAt && quote.proposedEndsAt
        ? { startsAt: quote.proposedStartsAt.toISOString(), endsAt: quote.proposedEndsAt.toISOString() }
        : null,
    createdAt: quote.createdAt.toISOString(),
  };
}

export interface QuotesServiceDeps {
  db: Database;
  jobs: Pick<JobsService, 'findById' | 'lockById' | 'transition'>;
  plumbers: Pick<
    PlumbersService,
    'findForUser' | 'requireVettedForUser' | 'findById' | 'cards' | 'userIdsOf'
  >;
  /** Tells the homeowner of a new quote and the plumbers of an acceptance, in the same transaction. */
  notifications: Pick<NotificationsService, 'notify' | 'jobChanged'>;
  /** Judges a quote's proposed window and books it on acceptance (docs/decisions/029-appointments.md). */
  appointments: Pick<AppointmentsService, 'checkProposedWindow' | 'book'>;
}

export function createQuotesService({ db, jobs, plumbers, notifications, appointments }: QuotesServiceDeps) {
  async function withPlumberCards(rows: Quote[]): Promise<JobQuote[]> {
    const cards = await plumbers.cards(rows.map((quote) => quote.plumberId));
    return rows.map((quote) => {
      const card = cards.get(quote.plumberId);
      return {
        ...toQuoteView(quote),
        plumber: {
          id: quote.plumberId,
          name: card?.name ?? null,
          businessName: card?.businessName ?? null,
          verificationStatus: card?.verificationStatus ?? 'pending',
          rating: card?.rating ?? { average: null, count: 0 },
        },
      };
    });
  }

  return {
    /**
     * The logged-in plumber quotes a price range for an open job within its service area: one quote
     * per plumber per job; the first quote moves the job from requested to quoted. Only a vetted
     * plumber quotes: one not verified, or whose insurance has lapsed, is refused (403). A proposed
     * window must suit the plumber's working hours and days off (422) and calendar (409).
     */
    async createQuote(actor: CurrentUser, input: CreateQuoteData): Promise<QuoteView> {
      return db.transaction(async (tx) => {
        const plumber = await plumbers.requireVettedForUser(tx, actor.id);
        if (!hasServiceLocation(plumber)) throw new AppError('CONFLICT', QUOTE_ERRORS.locationRequired);
        const job = await jobs.lockById(tx, input.jobId);
        if (!job) throw new AppError('NOT_FOUND', QUOTE_ERRORS.jobNotFound);

        if (!servesLocation(plumber, job)) throw new AppError('FORBIDDEN', QUOTE_ERRORS.outsideArea);
        if (!OPEN_JOB_STATUSES.includes(job.currentStatus))
          throw new AppError('CONFLICT', QUOTE_ERRORS.jobClosed);
        if (input.appointment) await appointments.checkProposedWindow(tx, plumber, input.appointment);

        const quote = await insertQuoteIfNew(tx, {
          jobId: job.id,
          plumberId: plumber.id,
          minTotal: input.minTotal,
          maxTotal: input.maxTotal,
          breakdownJson: input.breakdownJson ?? null,
          proposedStartsAt: input.appointment ? new Date(input.appointment.startsAt) : null,
          proposedEndsAt: input.appointment ? new Date(input.appointment.endsAt) : null,
        });
        if (!quote) throw new AppError('ALREADY_QUOTED', QUOTE_ERRORS.alreadyQuoted);
        if (job.currentStatus === 'requested')
          await jobs.transition(tx, job.id, 'quoted', 'First quote received');
        await notifications.notify(tx, [
          {
            userId: job.customerId,
            kind: 'new_quote',
            jobId: job.id,
            eventKey: `quote:${quote.id}`,
            ...notificationCopy.newQuote(job.issueSlug, plumber.businessName, quote.minTotal, quote.maxTotal),
          },
        ]);
        await notifications.jobChanged(tx, job.id, [actor.id]);
        return toQuoteView(quote);
      });
    },

    /** A job's quotes: all of them for its owner or an admin; a plumber sees only its own. */
    async listForJob(actor: CurrentUser, jobId: string): Promise<JobQuote[]> {
      const job = await jobs.findById(jobId);
      if (!job) throw new AppError('NOT_FOUND', QUOTE_ERRORS.jobNotFound);
      if (actor.role === 'admin' || job.customerId === actor.id) {
        return withPlumberCards(await listQuotesByJob(db, job.id));
      }
      if (actor.role === 'plumber') {
        const plumber = await plumbers.findForUser(db, actor.id);
        return plumber ? withPlumberCards(await listQuotesByJobAndPlumber(db, job.id, plumber.id)) : [];
      }
      throw new AppError('NOT_FOUND', QUOTE_ERRORS.jobNotFound);
    },

    /** A plumber's quotes, for that plumber or an admin. */
    async listForPlumber(actor: CurrentUser, plumberId: string): Promise<PlumberQuote[]> {
      const plumber = await plumbers.findById(plumberId);
      if (!plumber) throw new AppError('NOT_FOUND', QUOTE_ERRORS.plumberNotFound);
      if (actor.role !== 'admin' && plumber.userId !== actor.id) {
        throw new AppError('FORBIDDEN', QUOTE_ERRORS.notYourQuotes);
      }
      const rows = await listQuotesByPlumber(db, plumber.id);
      return rows.map(({ quote, job }) => {
        // A plumber's own list leaves out the note its quotes were sent with.
        const { breakdownJson: _note, ...view } = toQuoteView(quote);
        return { ...view, job: { ...job, statusLabel: jobStatusLabel(job.currentStatus) } };
      });
    },

    /**
     * The job's owner accepts one quote, exactly once: in one transaction the job row is locked, the
     * quote is marked accepted (the partial unique index is the last line of defence), the others
     * declined, the plumber assigned and the job scheduled with a status event. A quote with a window
     * books it on the plumber's calendar in the same transaction; when the plumber is no longer free
     * then (the exclusion constraint), nothing is accepted (409 APPOINTMENT_CONFLICT).
     */
    async acceptQuote(
      actor: CurrentUser,
      jobId: string,
      quoteId: string,
    ): Promise<{ job: JobStatusResult; quote: QuoteView }> {
      try {
        return await db.transaction(async (tx) => {
          const job = await jobs.lockById(tx, jobId);
          if (!job || job.customerId !== actor.id) throw new AppError('NOT_FOUND', QUOTE_ERRORS.jobNotFound);
          const quote = await findQuoteById(tx, quoteId);
          if (!quote || quote.jobId !== job.id) throw new AppError('NOT_FOUND', QUOTE_ERRORS.quoteNotFound);
          if (job.plumberId || (await findAcceptedQuote(tx, job.id))) {
            throw new AppError('QUOTE_ALREADY_ACCEPTED', QUOTE_ERRORS.alreadyAccepted);
          }
          if (!OPEN_JOB_STATUSES.includes(job.currentStatus))
            throw new AppError('CONFLICT', QUOTE_ERRORS.jobNotOpen);

          const accepted = await markQuoteAccepted(tx, quote.id);
          await declineOtherQuotes(tx, job.id, quote.id);
          const scheduled = await jobs.transition(tx, job.id, 'scheduled', 'Quote accepted', {
            plumberId: quote.plumberId,
          });
          if (quote.proposedStartsAt && quote.proposedEndsAt) {
            await appointments.book(tx, {
              jobId: job.id,
              plumberId: quote.plumberId,
              startsAt: quote.proposedStartsAt,
              endsAt: quote.proposedEndsAt,
            });
          }
          const quotedBy = await plumbers.userIdsOf(
            tx,
            (await listQuotesByJob(tx, job.id)).map((q) => q.plumberId),
          );
          const hiredUserId = quotedBy.get(quote.plumberId);
          if (hiredUserId) {
            await notifications.notify(tx, [
              {
                userId: hiredUserId,
                kind: 'quote_accepted',
                jobId: job.id,
                eventKey: `quote-accepted:${quote.id}`,
                ...notificationCopy.quoteAccepted(job.issueSlug),
              },
            ]);
          }
          // The other plumbers' quotes were declined and the homeowner's other pages show the job.
          await notifications.jobChanged(tx, job.id, [actor.id, ...quotedBy.values()]);
          return { job: toJobStatusResult(scheduled), quote: toQuoteView(accepted) };
        });
      } catch (error) {
        if (isUniqueViolation(error, ONE_ACCEPTED_PER_JOB)) {
          throw new AppError('QUOTE_ALREADY_ACCEPTED', QUOTE_ERRORS.alreadyAccepted);
        }
        if (isBookingConflict(error))
          throw new AppError('APPOINTMENT_CONFLICT', APPOINTMENT_ERRORS.noLongerFree);
        throw error;
      }
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
