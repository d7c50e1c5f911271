import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import type { AppointmentParty } from '@shared/constants';
import { APPOINTMENT_ICS_DOWNLOAD_NAME, calendarRoutes } from '@shared/contracts/calendar';
import { pathOf } from '@shared/contracts/http';
import { formatWindowOnClock } from '@shared/time-display';
import type { JobAppointment, JobRoom, RescheduleProposalView } from '@shared/contracts/jobs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useAcceptReschedule } from '../api/accept-reschedule';
import { useDeclineReschedule } from '../api/decline-reschedule';
import { COPY } from '../copy';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';
import { RescheduleForm } from './reschedule-form';
import { RoomSection } from './room-section';

/** The side of the appointment the viewer is on; null for anyone who may not act on it. */
function sideOf(viewer: JobRoom['viewer']): AppointmentParty | null {
  if (viewer === 'homeowner') return 'homeowner';
  if (viewer === 'hired_plumber') return 'plumber';
  return null;
}

/**
 * The job's times on the job's own clock, with its zone's abbreviation (docs/decisions/029-appointments.md):
 * the homeowner's requested window and the booked appointment. While the job is scheduled, its
 * homeowner and hired plumber add it to their calendar, propose a new time (entered on the same
 * clock), answer the other side's proposal and cancel it.
 */
export function JobAppointmentSection({ room }: { room: JobRoom }) {
  const { appointment, requestedWindow, job } = room;
  const { timeZone } = job;
  if (!appointment && !requestedWindow) return null;
  const side = sideOf(room.viewer);
  const canAct = side !== null && job.currentStatus === 'scheduled' && appointment?.status === 'booked';

  return (
    <RoomSection id="job-appointment" title={COPY.appointment.heading} data-testid="section-appointment">
      <dl className="grid gap-3 text-sm">
        {requestedWindow && (
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{COPY.appointment.requested}</dt>
            <dd data-testid="text-requested-window">{formatWindowOnClock(requestedWindow, timeZone)}</dd>
          </div>
        )}
        {appointment && (
          <div className="grid gap-1">
            <dt className="text-muted-foreground">{COPY.appointment.booked}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span
                className={appointment.status === 'cancelled' ? 'line-through' : 'font-medium'}
                data-testid="text-appointment-window"
              >
                {formatWindowOnClock(appointment, timeZone)}
              </span>
              <Badge
                variant={appointment.status === 'cancelled' ? 'outline' : 'secondary'}
                data-testid="badge-appointment-status"
              >
                {COPY.appointment.status[appointment.status]}
              </Badge>
              {appointment.lateCancellation && (
                <Badge variant="destructive" data-testid="badge-late-cancellation">
                  {COPY.appointment.lateCancellation}
                </Badge>
              )}
            </dd>
          </div>
        )}
      </dl>
      {appointment?.status === 'cancelled' && (
        <p className="text-sm text-muted-foreground">{COPY.appointment.cancelledNote}</p>
      )}
      {canAct && (
        <AppointmentActions jobId={job.id} appointment={appointment} side={side} timeZone={timeZone} />
      )}
    </RoomSection>
  );
}

function AppointmentActions({
  jobId,
  appointment,
  side,
  timeZone,
}: {
  jobId: string;
  appointment: JobAppointment;
  side: AppointmentParty;
  timeZone: string;
}) {
  const [proposing, setProposing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const pending = appointment.pendingProposal;

  return (
    <div className="grid gap-3">
      {pending && (
        <PendingProposal
          jobId={jobId}
          proposal={pending}
          mine={pending.proposedBy === side}
          timeZone={timeZone}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a
            href={pathOf(calendarRoutes.appointmentIcs, { jobId })}
            download={APPOINTMENT_ICS_DOWNLOAD_NAME}
            aria-label={COPY.appointment.addToCalendarLabel}
            data-testid="link-add-to-calendar"
          >
            <CalendarPlus aria-hidden="true" />
            {COPY.appointment.addToCalendar}
          </a>
        </Button>
        {!proposing && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setProposing(true)}
            data-testid="button-propose-time"
          >
            {COPY.appointment.propose}
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          onClick={() => setCancelling(true)}
          data-testid="button-cancel-appointment"
        >
          {COPY.appointment.cancel}
        </Button>
      </div>
      {proposing && (
        <RescheduleForm
          jobId={jobId}
          timeZone={timeZone}
          replacesPending={pending !== null}
          onDone={() => setProposing(false)}
        />
      )}
      <CancelAppointmentDialog
        open={cancelling}
        onOpenChange={setCancelling}
        jobId={jobId}
        appointment={appointment}
        side={side}
      />
    </div>
  );
}

/** The other side's proposal with Accept and Decline; the proposer's own, waiting. */
function PendingProposal({
  jobId,
  proposal,
  mine,
  timeZone,
}: {
  jobId: string;
  proposal: RescheduleProposalView;
  mine: boolean;
  timeZone: string;
}) {
  const window = formatWindowOnClock(proposal, timeZone);
  const onError = (error: Error) =>
    toast({
      variant: 'destructive',
      title: COPY.errorTitle,
      description: getErrorMessage(error, COPY.appointment.answerFailure),
    });
  const accept = useAcceptReschedule({
    mutationConfig: {
      onSuccess: (moved) =>
        toast({
          title: COPY.appointment.acceptedTitle,
          description: COPY.appointment.acceptedDescription(formatWindowOnClock(moved, timeZone)),
        }),
      onError,
    },
  });
  const decline = useDeclineReschedule({
    mutationConfig: {
      onSuccess: () =>
        toast({ title: COPY.appointment.declinedTitle, description: COPY.appointment.declinedDescription }),
      onError,
    },
  });
  const busy = accept.isPending || decline.isPending;
  const variables = { jobId, proposalId: proposal.id };

  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 p-3" data-testid="pending-proposal">
      <p className="text-sm">
        <span className="text-muted-foreground">{COPY.appointment.pendingHeading}: </span>
        <span className="font-medium" data-testid="text-proposed-window">
          {window}
        </span>
      </p>
      {mine ? (
        <p className="text-sm text-muted-foreground" data-testid="text-waiting-other-side">
          {COPY.appointment.waiting}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {COPY.appointment.proposedByOther(proposal.proposedBy)}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => accept.mutate(variables)}
              disabled={busy}
              aria-busy={accept.isPending}
              aria-label={COPY.appointment.acceptLabel(window)}
              data-testid="button-accept-proposal"
            >
              {accept.isPending && <Spinner />}
              {COPY.appointment.accept}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => decline.mutate(variables)}
              disabled={busy}
              aria-busy={decline.isPending}
              aria-label={COPY.appointment.declineLabel(window)}
              data-testid="button-decline-proposal"
            >
              {decline.isPending && <Spinner />}
              {COPY.appointment.decline}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
