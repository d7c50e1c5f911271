import { ArrowRight, CalendarClock, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { formatWindowOnClock } from '@shared/time-display';
import { jobTitleFromSlug } from '@shared/job-display';
import type { PlumberAppointment } from '@shared/contracts/plumbers';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { jobRoomPath } from '@/config/paths';
import { useMyAppointments } from '../api/get-my-appointments';
import { COPY } from '../copy';

/**
 * "Upcoming appointments": the plumber's booked times for today and the next 30 days (days on its own
 * clock), each shown on its job's clock with that zone's abbreviation.
 */
export function UpcomingAppointments() {
  const appointments = useMyAppointments();

  let body;
  if (appointments.isPending) {
    body = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{COPY.appointments.loading}</span>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  } else if (appointments.isError) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="text-destructive">
          {COPY.appointments.failed}
        </p>
        <Button variant="outline" onClick={() => void appointments.refetch()}>
          {COPY.retry}
        </Button>
      </div>
    );
  } else if (appointments.data.length === 0) {
    body = (
      <Card>
        <CardContent className="py-8 text-center">
          <p data-testid="text-no-appointments">{COPY.appointments.empty}</p>
        </CardContent>
      </Card>
    );
  } else {
    body = (
      <ul className="grid gap-3" data-testid="list-appointments">
        {appointments.data.map((appointment) => (
          <li key={appointment.jobId}>
            <AppointmentItem appointment={appointment} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="appointments-heading" className="mt-10" data-testid="section-appointments">
      <h2 id="appointments-heading" className="text-xl font-semibold tracking-tight sm:text-2xl">
        {COPY.appointments.heading}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{COPY.appointments.intro}</p>
      <div className="mt-4">{body}</div>
    </section>
  );
}

function AppointmentItem({ appointment }: { appointment: PlumberAppointment }) {
  const title = jobTitleFromSlug(appointment.issueSlug);
  const when = formatWindowOnClock(appointment, appointment.timeZone);
  return (
    <Card data-testid={`card-appointment-${appointment.jobId}`}>
      <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <p className="inline-flex items-start gap-2 font-medium" data-testid="text-appointment-time">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {when}
          </p>
          <h3 className="font-semibold">{title}</h3>
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {appointment.area ?? COPY.appointments.areaUnknown}
          </p>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link
            href={jobRoomPath(appointment.jobId)}
            aria-label={COPY.appointments.openJobLabel(title, when)}
            data-testid="link-appointment-job"
          >
            {COPY.appointments.openJob}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
