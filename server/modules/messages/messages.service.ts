import { OPEN_JOB_STATUSES } from '@shared/constants';
import type { CurrentUser } from '@shared/contracts/auth';
import {
  MESSAGE_MESSAGES,
  type JobMessage as MessageView,
  type JobMessages,
  type MessageThread,
  type PostMessageInput,
} from '@shared/contracts/messages';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Job, JobsService } from '../jobs';
import { notificationCopy, type NotificationsService } from '../notifications';
import { servesLocation, type Plumber, type PlumbersService } from '../plumbers';
import { maskContactDetails } from './messages.masking';
import {
  hasQuoted,
  insertMessage,
  listMessages,
  listQuotingPlumbers,
  threadExists,
  type JobMessage,
  type MessageRow,
} from './messages.repository';

export const MESSAGE_ERRORS = {
  /** The jobs module's words: a job the caller may not see does not exist for them. */
  jobNotFound: 'Job not found',
} as const;

/** How much of a message its notification (and mail) quotes. */
export const NOTIFICATION_EXCERPT_LENGTH = 140;

const notFound = () => new AppError('NOT_FOUND', MESSAGE_ERRORS.jobNotFound);

/** Nobody has been hired and the job still takes quotes: every thread of it is open. */
const takesQuotes = (job: Job) => job.plumberId === null && OPEN_JOB_STATUSES.includes(job.currentStatus);

/** A thread is open while the job takes quotes, and for the hired plumber's thread whatever the status. */
const threadOpen = (job: Job, plumberId: string) => job.plumberId === plumberId || takesQuotes(job);

/** The first characters of a message on one line, for the bell and the mail. */
export function excerpt(text: string, length = NOTIFICATION_EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > length ? `${chars.slice(0, length).join('').trimEnd()}…` : flat;
}

function requirePlumberId(plumberId: string | undefined): string {
  if (plumberId) return plumberId;
  throw new AppError('VALIDATION_ERROR', MESSAGE_MESSAGES.plumberIdRequired, [
    { path: 'plumberId', message: MESSAGE_MESSAGES.plumberIdRequired },
  ]);
}

/** Who reads a thread, as far as names go. */
interface Viewer {
  userId: string;
  /** The homeowner's name is shown: to the homeowner, an admin and the hired plumber only. */
  seesHomeownerName: boolean;
}

function toMessageView(job: Job, { message, authorName }: MessageRow, viewer: Viewer): MessageView {
  const role = message.authorId === job.customerId ? 'homeowner' : 'plumber';
  return {
    id: message.id,
    jobId: message.jobId,
    plumberId: message.plumberId,
    author: { role, name: role === 'homeowner' && !viewer.seesHomeownerName ? null : authorName },
    mine: message.authorId === viewer.userId,
    body: message.body,
    masked: message.masked,
    createdAt: message.createdAt.toISOString(),
  };
}

/** The answer's rows grouped by thread, oldest first. */
function groupByThread(rows: readonly MessageRow[]): Map<string, MessageRow[]> {
  const byThread = new Map<string, MessageRow[]>();
  for (const row of rows) {
    const thread = byThread.get(row.message.plumberId);
    if (thread) thread.push(row);
    else byThread.set(row.message.plumberId, [row]);
  }
  return byThread;
}

/** Where a new message goes and what its notification says. */
interface Delivery {
  job: Job;
  plumberId: string;
  recipientUserId: string;
  /** The homeowner reads it (a plumber wrote). */
  toHomeowner: boolean;
  /** Who wrote, as the recipient may see it. */
  authorLabel: string;
  viewer: Viewer;
}

export interface MessagesServiceDeps {
  db: Database;
  jobs: Pick<JobsService, 'findById' | 'lockById'>;
  plumbers: Pick<PlumbersService, 'findForUser' | 'requireVettedForUser' | 'cards' | 'userIdsOf'>;
  notifications: Pick<NotificationsService, 'notify' | 'jobChanged'>;
}

/**
 * A job's messages: one thread per plumber, between that plumber and the homeowner. A plumber may
 * write before quoting, exactly where he may quote (vetted, the job open and inside his service
 * area), and always once hired. Until a quote is accepted, contact details in new messages are
 * hidden (messages.masking.ts), so the job is not taken off Plumbline.
 */
export function createMessagesService({ db, jobs, plumbers, notifications }: MessagesServiceDeps) {
  /** The 403 quoting would give this plumber (not verified, rejected, insurance lapsed), or null. */
  async function vettingRefusal(executor: Executor, userId: string): Promise<AppError | null> {
    try {
      await plumbers.requireVettedForUser(executor, userId);
      return null;
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN') return error;
      throw error;
    }
  }

  /** The homeowner's (or an admin's) view: every thread with messages, and one per quoting plumber. */
  async function ownerView(actor: CurrentUser, job: Job): Promise<JobMessages> {
    const [rows, quoting] = await Promise.all([listMessages(db, job.id), listQuotingPlumbers(db, job.id)]);
    const byThread = groupByThread(rows);
    const startedAt = new Map<string, Date>();
    for (const { plumberId, quotedAt } of quoting) startedAt.set(plumberId, quotedAt);
    for (const [plumberId, thread] of byThread) {
      const first = thread[0].message.createdAt;
      const quotedAt = startedAt.get(plumberId);
      if (!quotedAt || first < quotedAt) startedAt.set(plumberId, first);
    }
    const plumberIds = [...startedAt]
      .sort(([, a], [, b]) => a.getTime() - b.getTime())
      .map(([plumberId]) => plumberId);
    const cards = await plumbers.cards(plumberIds);
    const viewer: Viewer = { userId: actor.id, seesHomeownerName: true };
    const threads = plumberIds.map((plumberId): MessageThread => ({
      plumberId,
      plumber: {
        name: cards.get(plumberId)?.name ?? null,
        businessName: cards.get(plumberId)?.businessName ?? null,
      },
      messages: (byThread.get(plumberId) ?? []).map((row) => toMessageView(job, row, viewer)),
      // Admins watch; they do not write.
      open: actor.role !== 'admin' && threadOpen(job, plumberId),
    }));
    return { threads, masking: job.plumberId === null };
  }

  /** A plumber's view: his own thread, if he may read it. */
  async function plumberView(actor: CurrentUser, job: Job | undefined): Promise<JobMessages> {
    const plumber = await plumbers.findForUser(db, actor.id);
    if (!plumber) throw notFound();
    const rows = job ? await listMessages(db, job.id, plumber.id) : [];
    const hired = job !== undefined && job.plumberId === plumber.id;
    let open = hired;
    if (!hired) {
      const refusal = await vettingRefusal(db, actor.id);
      const mayQuote =
        job !== undefined && refusal === null && takesQuotes(job) && servesLocation(plumber, job);
      if (rows.length === 0) {
        // Not his thread yet: only where he may quote. Checked before the job's existence, so an
        // unvetted plumber is told the same for every job.
        if (refusal) throw refusal;
        if (!mayQuote) throw notFound();
      }
      open = mayQuote;
    }
    // A thread or a hire needs a job: this only tells TypeScript.
    if (!job) throw notFound();
    const cards = await plumbers.cards([plumber.id]);
    const viewer: Viewer = { userId: actor.id, seesHomeownerName: hired };
    return {
      threads: [
        {
          plumberId: plumber.id,
          plumber: {
            name: cards.get(plumber.id)?.name ?? null,
            businessName: cards.get(plumber.id)?.businessName ?? null,
          },
          messages: rows.map((row) => toMessageView(job, row, viewer)),
          open,
        },
      ],
      masking: job.plumberId === null,
    };
  }

  /** The homeowner writes to `plumberId`: one with a thread or a quote here, or the hired one. */
  async function homeownerDelivery(
    tx: Executor,
    actor: CurrentUser,
    job: Job | undefined,
    plumberId: string,
  ): Promise<Delivery> {
    if (!job || job.customerId !== actor.id) throw notFound();
    const hired = job.plumberId === plumberId;
    if (!hired && !(await threadExists(tx, job.id, plumberId)) && !(await hasQuoted(tx, job.id, plumberId))) {
      throw notFound();
    }
    if (!threadOpen(job, plumberId)) throw new AppError('CONFLICT', MESSAGE_MESSAGES.threadClosed);
    const recipientUserId = (await plumbers.userIdsOf(tx, [plumberId])).get(plumberId);
    if (!recipientUserId) throw notFound();
    return {
      job,
      plumberId,
      recipientUserId,
      toHomeowner: false,
      // The homeowner's name reaches a plumber only once he is hired (docs/product.md#accounts-mail-and-trust, Names).
      authorLabel: (hired && actor.name) || 'The homeowner',
      viewer: { userId: actor.id, seesHomeownerName: true },
    };
  }

  /** A plumber writes in his own thread: hired, or where he may quote. */
  async function plumberDelivery(tx: Executor, actor: CurrentUser, job: Job | undefined): Promise<Delivery> {
    const plumber: Plumber | undefined = await plumbers.findForUser(tx, actor.id);
    if (!plumber) throw notFound();
    const hired = job !== undefined && job.plumberId === plumber.id;
    if (!hired) {
      const hasThread = job !== undefined && (await threadExists(tx, job.id, plumber.id));
      if (hasThread) {
        if (!takesQuotes(job)) throw new AppError('CONFLICT', MESSAGE_MESSAGES.threadClosed);
        const refusal = await vettingRefusal(tx, actor.id);
        if (refusal) throw refusal;
        if (!servesLocation(plumber, job)) throw new AppError('FORBIDDEN', MESSAGE_MESSAGES.notAllowed);
      } else {
        // Checked before the job's existence, so an unvetted plumber is told the same for every job.
        const refusal = await vettingRefusal(tx, actor.id);
        if (refusal) throw refusal;
        if (!job || !takesQuotes(job) || !servesLocation(plumber, job)) throw notFound();
      }
    }
    // A hire needs a job: this only tells TypeScript.
    if (!job) throw notFound();
    return {
      job,
      plumberId: plumber.id,
      recipientUserId: job.customerId,
      toHomeowner: true,
      authorLabel: plumber.businessName || actor.name || 'Your plumber',
      viewer: { userId: actor.id, seesHomeownerName: hired },
    };
  }

  return {
    /**
     * A job's threads: all of them for its homeowner and admins, his own for a plumber who may read
     * it (hired, has written or been written to, or may quote). Anyone else is told the job does not
     * exist; a plumber not vetted and without a thread gets quoting's 403.
     */
    async list(actor: CurrentUser, jobId: string): Promise<JobMessages> {
      const job = await jobs.findById(jobId);
      if (job && (actor.role === 'admin' || job.customerId === actor.id)) return ownerView(actor, job);
      if (actor.role === 'plumber') return plumberView(actor, job);
      throw notFound();
    },

    /**
     * Writes a message in a thread and notifies the other side, in one transaction (the job row
     * locked, so acceptance and masking never interleave). Before a quote is accepted the stored
     * body has its contact details hidden.
     */
    async post(actor: CurrentUser, jobId: string, input: PostMessageInput): Promise<MessageView> {
      if (actor.role !== 'homeowner' && actor.role !== 'plumber') {
        throw new AppError('FORBIDDEN', MESSAGE_MESSAGES.notAllowed);
      }
      // The homeowner names the thread; a plumber writes in his own (a plumberId he sends is ignored).
      // Checked before the job is read: the same 400 whatever the job.
      const writeTo = actor.role === 'homeowner' ? requirePlumberId(input.plumberId) : null;
      return db.transaction(async (tx) => {
        const job = await jobs.lockById(tx, jobId);
        const delivery = writeTo
          ? await homeownerDelivery(tx, actor, job, writeTo)
          : await plumberDelivery(tx, actor, job);
        const known = delivery.job;
        const { text, masked } =
          known.plumberId === null ? maskContactDetails(input.body) : { text: input.body, masked: false };
        const message: JobMessage = await insertMessage(tx, {
          jobId: known.id,
          plumberId: delivery.plumberId,
          authorId: actor.id,
          body: text,
          masked,
        });
        await notifications.notify(tx, [
          {
            userId: delivery.recipientUserId,
            kind: 'new_message',
            jobId: known.id,
            eventKey: `message:${message.id}`,
            ...notificationCopy.newMessage(delivery.toHomeowner, delivery.authorLabel, excerpt(text)),
          },
        ]);
        // The other side hears of it through the notification; the author's other pages refresh.
        await notifications.jobChanged(tx, known.id, [actor.id]);
        return toMessageView(known, { message, authorName: actor.name }, delivery.viewer);
      });
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
