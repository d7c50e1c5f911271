import type { AppointmentCalendarService } from './appointments.calendar.service';
import { addCalendarDays, instantOnClock, todayIn, wallClockIn, weekdayOf } from '@shared/dates';
import { formatWindowOnClock } from '@shared/time-display';
import type { CurrentUser } from '@shared/contracts/auth';
import {
  DEFAULT_APPOINTMENT_RANGE_DAYS,
  minutesOf,
  timeOfMinutes,
  type PlumberAppointment,
  type PlumberAppointmentsQuery,
  type PlumberAvailability,
  type PlumberAvailabilityData,
} from '@shared/contracts/plumbers';
import type { AppointmentWindow } from '@shared/contracts/quotes';
import type { JobStatus } from '@shared/constants';
import type { JobAppointment, RescheduleProposalView, TimeWindow } from '@shared/contracts/jobs';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { locateAddress } from '../geo';
import { notificationCopy, type NotificationsService } from '../notifications';
import type { Plumber, PlumbersService } from '../plumbers';
import {
  APPOINTMENTS_NO_OVERLAP,
  decideProposal,
  findDaysOff,
  findOverlappingBooked,
  findPendingProposal,
  findProposalById,
  insertAppointment,
  insertProposal,
  isExclusionViolation,
  listAppointmentsOfPlumber,
  listDaysOff,
  listWeeklyHours,
  lockAppointmentOfJob,
  replaceAvailability,
  updateAppointment,
  type Appointment,
  type PlumberAvailabilityRow,
  type RescheduleProposal,
} from './appointments.repository';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const APPOINTMENT_ERRORS = {
  noProfile: 'Your plumber profile was not found. Please contact support.',
  /** 409 at quote time: the plumber's own calendar already has that time. */
  overlapsBooked:
    'You already have a booked appointment that overlaps this time. Choose another window for this quote.',
  /** 409 at acceptance: someone else's acceptance booked the plumber first (docs/decisions/029-appointments.md). */
  noLongerFree:
    'The plumber is no longer free at that time: another appointment was booked first. Nothing was accepted — ask the plumber for a new time or choose another quote.',
  crossesMidnight: (zone: string) =>
    `The appointment must start and end on the same day in your working hours (${zone} time).`,
  outsideHours: (zone: string, weekday: number, hours: string) =>
    hours
      ? `The appointment is outside your working hours: on ${WEEKDAY_NAMES[weekday]}s you work ${hours} (${zone} time). Choose a window inside them or change your hours.`
      : `The appointment is outside your working hours: you do not work on ${WEEKDAY_NAMES[weekday]}s. Choose another day or change your hours.`,
  dayOff: (day: string) =>
    `The appointment falls on ${day}, one of your days off. Choose another day or change your days off.`,
  jobNotFound: 'Job not found',
  proposalNotFound: 'That proposed time was not found for this job',
  noAppointment: 'This job has no booked appointment to move or cancel',
  notScheduled: 'The appointment can only be moved or cancelled while the job is scheduled',
  proposalClosed: 'That proposed time was already answered or replaced',
  ownProposal: 'You proposed this time: the other side accepts or declines it',
  proposalPassed: 'That proposed time has already begun. Propose a new one.',
  /** 409 when accepting a new time: the plumber has another booked appointment then. */
  movedOverBooked:
    'The plumber has another booked appointment at that time. Nothing was changed — propose another time.',
} as const;

/** Cancelling less than this before the start is allowed but recorded as late (docs/decisions/029-appointments.md). */
export const FREE_CANCELLATION_HOURS = 24;

/** The appointment as the job room and the job lists show it. */
export function toJobAppointment(
  appointment: Appointment,
  pending: RescheduleProposal | null,
): JobAppointment {
  return {
    startsAt: appointment.startsAt.toISOString(),
    endsAt: appointment.endsAt.toISOString(),
    status: appointment.status,
    sequence: appointment.sequence,
    lateCancellation: appointment.lateCancellation ?? false,
    pendingProposal: pending && pending.status === 'pending' ? toProposalView(pending) : null,
  };
}

const toProposalView = (proposal: RescheduleProposal): RescheduleProposalView => ({
  id: proposal.id,
  proposedBy: proposal.proposedBy,
  startsAt: proposal.startsAt.toISOString(),
  endsAt: proposal.endsAt.toISOString(),
});

/** A job's requested window (the /book slot), when it has one. */
export const toRequestedWindow = (job: {
  requestedStartsAt: Date | null;
  requestedEndsAt: Date | null;
}): TimeWindow | null =>
  job.requestedStartsAt && job.requestedEndsAt
    ? { startsAt: job.requestedStartsAt.toISOString(), endsAt: job.requestedEndsAt.toISOString() }
    : null;

/** What the appointments service needs of a job (the jobs service provides it; typed here to keep imports one-way). */
interface JobOfAppointment {
  id: string;
  customerId: string;
  plumberId: string | null;
  issueSlug: string;
  currentStatus: JobStatus;
  /** The job's zone: the times told to either side are on its clock. */
  timeZone: string;
}

/** A proposed window as the wall clock in a zone (the plumber's) shows it. */
interface WallWindow {
  date: string;
  startMinute: number;
  /** Minutes after midnight of `date`; 1440 when the window ends at the next midnight. */
  endMinute: number;
  /** False when the window runs past the next midnight. */
  sameDay: boolean;
  /** Every calendar day the window touches. */
  days: string[];
}

/** The window on the wall clock of `zone` (minutes, whole minutes as the clock shows them). */
export function wallWindowOf(window: { startsAt: Date; endsAt: Date }, zone: string): WallWindow {
  const start = wallClockIn(zone, window.startsAt);
  const end = wallClockIn(zone, window.endsAt);
  const startMinute = minutesOf(start.time);
  if (end.date === start.date) {
    return {
      date: start.date,
      startMinute,
      endMinute: minutesOf(end.time),
      sameDay: true,
      days: [start.date],
    };
  }
  const endsAtMidnight = end.date === addCalendarDays(start.date, 1) && end.time === '00:00';
  return {
    date: start.date,
    startMinute,
    endMinute: endsAtMidnight ? 1440 : minutesOf(end.time),
    sameDay: endsAtMidnight,
    days: endsAtMidnight ? [start.date] : [start.date, end.date],
  };
}

const describeHours = (ranges: readonly PlumberAvailabilityRow[]) =>
  ranges.map((range) => `${timeOfMinutes(range.startMinute)}–${timeOfMinutes(range.endMinute)}`).join(', ');

function toAvailability(
  hours: readonly PlumberAvailabilityRow[],
  daysOff: string[],
  timeZone: string,
): PlumberAvailability {
  return {
    timeZone,
    weeklyHours: hours.map((range) => ({
      weekday: range.weekday,
      start: timeOfMinutes(range.startMinute),
      end: timeOfMinutes(range.endMinute),
    })),
    daysOff,
  };
}

export interface AppointmentsServiceDeps {
  db: Database;
  /**
   * Working hours and days off are judged on the plumber's own clock (`plumbers.timeZoneOf`: its
   * service area's zone, the app's before it has one); what each side is told is on the job's.
   */
  plumbers: Pick<PlumbersService, 'findForUser' | 'userIdsOf' | 'timeZoneOf'>;
  /** The job's row lock and its moves when an appointment is cancelled (the jobs service). */
  jobs: {
    lockById(tx: Executor, jobId: string): Promise<JobOfAppointment | undefined>;
    transition(tx: Executor, jobId: string, status: JobStatus, notes: string): Promise<unknown>;
    /** The hired plumber withdrew: the job reopens for quotes (docs/decisions/029-appointments.md). */
    releaseHire(tx: Executor, jobId: string, notes: string): Promise<unknown>;
  };
  /** Tells the other side of each reschedule and cancellation, in its transaction. */
  notifications: Pick<NotificationsService, 'notify' | 'jobChanged'>;
  /** Mails both parties the updated calendar file and (re)schedules the reminder, in the same transaction. */
  calendar: Pick<AppointmentCalendarService, 'appointmentChanged'>;
  now?: () => Date;
}

export function createAppointmentsService({
  db,
  plumbers,
  jobs,
  notifications,
  calendar,
  now = () => new Date(),
}: AppointmentsServiceDeps) {
  async function requirePlumber(executor: Executor, userId: string): Promise<Plumber> {
    const plumber = await plumbers.findForUser(executor, userId);
    if (!plumber) throw new AppError('NOT_FOUND', APPOINTMENT_ERRORS.noProfile);
    return plumber;
  }

  /** Days off and weekly hours (422), judged on the plumber's own clock. */
  async function checkWorkingTime(tx: Executor, plumber: Plumber, startsAt: Date, endsAt: Date) {
    const plumberId = plumber.id;
    const timeZone = await plumbers.timeZoneOf(tx, plumber);
    const wall = wallWindowOf({ startsAt, endsAt }, timeZone);
    const [dayOff] = await findDaysOff(tx, plumberId, wall.days);
    if (dayOff) throw new AppError('APPOINTMENT_UNAVAILABLE', APPOINTMENT_ERRORS.dayOff(dayOff));
    const hours = await listWeeklyHours(tx, plumberId);
    if (hours.length === 0) return;
    if (!wall.sameDay)
      throw new AppError('APPOINTMENT_UNAVAILABLE', APPOINTMENT_ERRORS.crossesMidnight(timeZone));
    const weekday = weekdayOf(wall.date);
    const ofDay = hours.filter((range) => range.weekday === weekday);
    const inside = ofDay.some(
      (range) => range.startMinute <= wall.startMinute && wall.endMinute <= range.endMinute,
    );
    if (!inside) {
      throw new AppError(
        'APPOINTMENT_UNAVAILABLE',
        APPOINTMENT_ERRORS.outsideHours(timeZone, weekday, describeHours(ofDay)),
      );
    }
  }

  interface Party {
    job: JobOfAppointment;
    appointment: Appointment;
    side: 'homeowner' | 'plumber';
    /** The hired plumber's row, when the actor is that plumber. */
    plumber?: Plumber;
    /** The user on the other side, told of each step. */
    otherUserId: string | undefined;
  }

  /**
   * Locks the job, then its appointment (the order acceptQuote locks in), and says which side the
   * actor is on. Anyone but the job's homeowner and its hired plumber is told the job does not exist.
   */
  async function lockParty(tx: Executor, actor: CurrentUser, jobId: string): Promise<Party> {
    const job = await jobs.lockById(tx, jobId);
    if (!job) throw new AppError('NOT_FOUND', APPOINTMENT_ERRORS.jobNotFound);
    let side: Party['side'] | undefined;
    let hired: Plumber | undefined;
    if (actor.role === 'homeowner' && job.customerId === actor.id) side = 'homeowner';
    if (actor.role === 'plumber' && job.plumberId) {
      const plumber = await plumbers.findForUser(tx, actor.id);
      if (plumber?.id === job.plumberId) [side, hired] = ['plumber', plumber];
    }
    if (!side) throw new AppError('NOT_FOUND', APPOINTMENT_ERRORS.jobNotFound);
    const appointment = await lockAppointmentOfJob(tx, job.id);
    if (!appointment || appointment.status !== 'booked')
      throw new AppError('CONFLICT', APPOINTMENT_ERRORS.noAppointment);
    if (job.currentStatus !== 'scheduled') throw new AppError('CONFLICT', APPOINTMENT_ERRORS.notScheduled);
    const otherUserId =
      side === 'homeowner'
        ? (await plumbers.userIdsOf(tx, [appointment.plumberId])).get(appointment.plumberId)
        : job.customerId;
    return { job, appointment, side, plumber: hired, otherUserId };
  }

  async function tell(
    tx: Executor,
    actor: CurrentUser,
    party: Party,
    eventKey: string,
    text: { title: string; body: string },
  ) {
    if (party.otherUserId) {
      await notifications.notify(tx, [
        { userId: party.otherUserId, kind: 'appointment', jobId: party.job.id, eventKey, ...text },
      ]);
    }
    await notifications.jobChanged(tx, party.job.id, [actor.id]);
  }

  /** The pending proposal `proposalId` of the party's appointment, for the side that did not make it. */
  async function openProposalFor(
    tx: Executor,
    party: Party,
    proposalId: string,
  ): Promise<RescheduleProposal> {
    const proposal = await findProposalById(tx, proposalId);
    if (!proposal || proposal.appointmentId !== party.appointment.id)
      throw new AppError('NOT_FOUND', APPOINTMENT_ERRORS.proposalNotFound);
    if (proposal.status !== 'pending') throw new AppError('CONFLICT', APPOINTMENT_ERRORS.proposalClosed);
    if (proposal.proposedBy === party.side) throw new AppError('FORBIDDEN', APPOINTMENT_ERRORS.ownProposal);
    return proposal;
  }

  return {
    /** The logged-in plumber's weekly hours and days off, and the zone they are on (its own). */
    async getAvailability(actor: CurrentUser): Promise<PlumberAvailability> {
      const plumber = await requirePlumber(db, actor.id);
      return toAvailability(
        await listWeeklyHours(db, plumber.id),
        await listDaysOff(db, plumber.id),
        await plumbers.timeZoneOf(db, plumber),
      );
    },

    /** Replaces the logged-in plumber's weekly hours and days off, all at once. */
    async setAvailability(actor: CurrentUser, input: PlumberAvailabilityData): Promise<PlumberAvailability> {
      return db.transaction(async (tx) => {
        const plumber = await requirePlumber(tx, actor.id);
        const plumberId = plumber.id;
        await replaceAvailability(
          tx,
          plumberId,
          input.weeklyHours.map((range) => ({
            weekday: range.weekday,
            startMinute: minutesOf(range.start),
            endMinute: minutesOf(range.end),
          })),
          input.daysOff,
        );
        return toAvailability(
          await listWeeklyHours(tx, plumberId),
          await listDaysOff(tx, plumberId),
          await plumbers.timeZoneOf(tx, plumber),
        );
      });
    },

    /**
     * The logged-in plumber's appointments starting between `from` and `to` (days on its own clock),
     * each with its job's zone, on whose clock it is shown.
     */
    async listMine(actor: CurrentUser, query: PlumberAppointmentsQuery): Promise<PlumberAppointment[]> {
      const plumber = await requirePlumber(db, actor.id);
      const plumberId = plumber.id;
      const timeZone = await plumbers.timeZoneOf(db, plumber);
      const from = query.from ?? todayIn(timeZone);
      const to = query.to ?? addCalendarDays(from, DEFAULT_APPOINTMENT_RANGE_DAYS);
      const rows = await listAppointmentsOfPlumber(
        db,
        plumberId,
        instantOnClock(from, '00:00', timeZone),
        instantOnClock(addCalendarDays(to, 1), '00:00', timeZone),
      );
      return rows.map(({ appointment, job }) => {
        const place = locateAddress(job.address);
        return {
          jobId: appointment.jobId,
          startsAt: appointment.startsAt.toISOString(),
          endsAt: appointment.endsAt.toISOString(),
          status: appointment.status,
          timeZone: job.timeZone,
          issueSlug: job.issueSlug,
          area: place ? `${place.city}, ${place.state} ${place.zip}` : null,
        };
      });
    },

    /**
     * May the plumber propose this window in a quote? Not on one of its days off (422), not outside
     * its weekly hours when it has set any (422), and not over one of its booked appointments (409).
     * Judged on the plumber's own clock; a plumber without weekly hours may propose any future window.
     */
    async checkProposedWindow(tx: Executor, plumber: Plumber, window: AppointmentWindow): Promise<void> {
      const startsAt = new Date(window.startsAt);
      const endsAt = new Date(window.endsAt);
      await checkWorkingTime(tx, plumber, startsAt, endsAt);
      const [overlapping] = await findOverlappingBooked(tx, plumber.id, startsAt, endsAt);
      if (overlapping) throw new AppError('APPOINTMENT_CONFLICT', APPOINTMENT_ERRORS.overlapsBooked);
    },

    /**
     * Books the accepted quote's window on the hired plumber's calendar, in the acceptance's
     * transaction. An overlap with another booked appointment (the exclusion constraint, the last
     * line of defence) fails the statement; the caller rolls back and answers `isBookingConflict`.
     */
    async book(
      tx: Executor,
      values: { jobId: string; plumberId: string; startsAt: Date; endsAt: Date },
    ): Promise<Appointment> {
      // A job reopened after its plumber cancelled keeps its one appointment row: booked again, a
      // new sequence, so calendars holding the cancelled one update it.
      const previous = await lockAppointmentOfJob(tx, values.jobId);
      const booked = previous
        ? await updateAppointment(tx, previous.id, {
            plumberId: values.plumberId,
            startsAt: values.startsAt,
            endsAt: values.endsAt,
            status: 'booked',
            sequence: previous.sequence + 1,
            cancelledAt: null,
            cancelledBy: null,
            cancellationReason: null,
            lateCancellation: null,
          })
        : await insertAppointment(tx, { ...values, status: 'booked' });
      await calendar.appointmentChanged(tx, booked.id, 'booked');
      return booked;
    },

    /**
     * Either side proposes a new window for the booked appointment. The plumber's must suit his
     * working time (422) and calendar (409); a new proposal replaces any pending one (the same side's
     * is withdrawn, the other side's declined: a counter-proposal answers it).
     */
    async proposeReschedule(
      actor: CurrentUser,
      jobId: string,
      window: AppointmentWindow,
    ): Promise<RescheduleProposalView> {
      return db.transaction(async (tx) => {
        const party = await lockParty(tx, actor, jobId);
        const startsAt = new Date(window.startsAt);
        const endsAt = new Date(window.endsAt);
        if (party.plumber) {
          await checkWorkingTime(tx, party.plumber, startsAt, endsAt);
          const [overlapping] = await findOverlappingBooked(
            tx,
            party.appointment.plumberId,
            startsAt,
            endsAt,
            party.appointment.id,
          );
          if (overlapping) throw new AppError('APPOINTMENT_CONFLICT', APPOINTMENT_ERRORS.overlapsBooked);
        }
        const pending = await findPendingProposal(tx, party.appointment.id);
        if (pending) {
          await decideProposal(
            tx,
            pending.id,
            pending.proposedBy === party.side ? 'withdrawn' : 'declined',
            now(),
          );
        }
        const proposal = await insertProposal(tx, {
          appointmentId: party.appointment.id,
          proposedBy: party.side,
          startsAt,
          endsAt,
        });
        await tell(
          tx,
          actor,
          party,
          `reschedule-proposed:${proposal.id}`,
          notificationCopy.rescheduleProposed(
            party.job.issueSlug,
            party.side === 'homeowner',
            formatWindowOnClock(proposal, party.job.timeZone),
          ),
        );
        return toProposalView(proposal);
      });
    },

    /**
     * The other side accepts: the appointment moves to the proposed window, sequence + 1, in one
     * transaction. When the plumber is booked elsewhere then, the exclusion constraint refuses it:
     * 409 APPOINTMENT_CONFLICT and nothing changes (the proposal stays pending).
     */
    async acceptReschedule(actor: CurrentUser, jobId: string, proposalId: string): Promise<JobAppointment> {
      try {
        return await db.transaction(async (tx) => {
          const party = await lockParty(tx, actor, jobId);
          const proposal = await openProposalFor(tx, party, proposalId);
          if (proposal.startsAt <= now()) throw new AppError('CONFLICT', APPOINTMENT_ERRORS.proposalPassed);
          await decideProposal(tx, proposal.id, 'accepted', now());
          const moved = await updateAppointment(tx, party.appointment.id, {
            startsAt: proposal.startsAt,
            endsAt: proposal.endsAt,
            sequence: party.appointment.sequence + 1,
          });
          await calendar.appointmentChanged(tx, moved.id, 'moved');
          await tell(
            tx,
            actor,
            party,
            `reschedule-accepted:${proposal.id}`,
            notificationCopy.rescheduleAccepted(
              party.job.issueSlug,
              party.side === 'homeowner',
              formatWindowOnClock(moved, party.job.timeZone),
            ),
          );
          return toJobAppointment(moved, null);
        });
      } catch (error) {
        if (isBookingConflict(error))
          throw new AppError('APPOINTMENT_CONFLICT', APPOINTMENT_ERRORS.movedOverBooked);
        throw error;
      }
    },

    /** The other side declines: the appointment stays as it was. */
    async declineReschedule(actor: CurrentUser, jobId: string, proposalId: string): Promise<JobAppointment> {
      return db.transaction(async (tx) => {
        const party = await lockParty(tx, actor, jobId);
        const proposal = await openProposalFor(tx, party, proposalId);
        await decideProposal(tx, proposal.id, 'declined', now());
        await tell(
          tx,
          actor,
          party,
          `reschedule-declined:${proposal.id}`,
          notificationCopy.rescheduleDeclined(
            party.job.issueSlug,
            party.side === 'homeowner',
            formatWindowOnClock(proposal, party.job.timeZone),
          ),
        );
        return toJobAppointment(party.appointment, null);
      });
    },

    /**
     * Either side cancels the booked appointment: free until FREE_CANCELLATION_HOURS before its
     * start, later allowed but recorded as late. The homeowner cancelling cancels the job; the plumber
     * cancelling reopens it for quotes (docs/decisions/029-appointments.md, "Reschedule and cancel").
     */
    async cancel(actor: CurrentUser, jobId: string, reason: string): Promise<JobAppointment> {
      return db.transaction(async (tx) => {
        const party = await lockParty(tx, actor, jobId);
        const at = now();
        const late =
          party.appointment.startsAt.getTime() - at.getTime() < FREE_CANCELLATION_HOURS * 3_600_000;
        const pending = await findPendingProposal(tx, party.appointment.id);
        if (pending) await decideProposal(tx, pending.id, 'withdrawn', at);
        const cancelled = await updateAppointment(tx, party.appointment.id, {
          status: 'cancelled',
          sequence: party.appointment.sequence + 1,
          cancelledAt: at,
          cancelledBy: party.side,
          cancellationReason: reason,
          lateCancellation: late,
        });
        await calendar.appointmentChanged(tx, cancelled.id, 'cancelled');
        const notes = `Appointment cancelled by the ${party.side}${late ? ' (late: under 24 hours before it)' : ''}: ${reason}`;
        if (party.side === 'homeowner') await jobs.transition(tx, party.job.id, 'cancelled', notes);
        else await jobs.releaseHire(tx, party.job.id, notes);
        await tell(
          tx,
          actor,
          party,
          `appointment-cancelled:${cancelled.id}:${cancelled.sequence}`,
          notificationCopy.appointmentCancelled(
            party.job.issueSlug,
            party.side === 'homeowner',
            formatWindowOnClock(cancelled, party.job.timeZone),
            reason,
            late,
          ),
        );
        return toJobAppointment(cancelled, null);
      });
    },
  };
}

/** True when `error` is the exclusion constraint refusing an overlapping booked appointment. */
export const isBookingConflict = (error: unknown): boolean =>
  isExclusionViolation(error, APPOINTMENTS_NO_OVERLAP);

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
