import { Link } from 'wouter';
import { confirmBookingInput, type BookingResult } from '@shared/contracts/booking';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PageCard } from '@/components/ui/page-card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSendLinkTokenOnce } from '@/hooks/use-link-token';
import { getErrorMessage } from '@/lib/api-client';
import { useConfirmBooking } from '../api/confirm-booking';
import { COPY } from '../copy';
import { formatTime } from '../utils/slots';

const CONFIRMATION = COPY.confirmation;

/** /confirm-booking?token=…: uses the link mailed to a guest as soon as the page opens, then says how it went. */
export function ConfirmBooking({ token }: { token: string | undefined }) {
  const input = confirmBookingInput.safeParse({ token });
  const confirmation = useConfirmBooking();
  useSendLinkTokenOnce(input.data?.token, confirmation.mutate);

  if (!input.success) {
    return <NotConfirmed message={input.error.issues[0]?.message ?? CONFIRMATION.failure} />;
  }
  if (confirmation.isError) {
    return <NotConfirmed message={getErrorMessage(confirmation.error, CONFIRMATION.failure)} />;
  }
  if (confirmation.isSuccess) {
    return (
      <PageCard title={CONFIRMATION.successTitle} focusHeading>
        <p data-testid="confirmed-time">{describeTime(confirmation.data)}</p>
        <p className="text-muted-foreground">{CONFIRMATION.nextStep}</p>
      </PageCard>
    );
  }
  return (
    <PageCard title={CONFIRMATION.pageTitle}>
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {CONFIRMATION.checking}
      </p>
    </PageCard>
  );
}

function describeTime({ slot, preferredDate }: BookingResult): string {
  return slot
    ? CONFIRMATION.bookedTime(slot.date, formatTime(slot.startTime), formatTime(slot.endTime))
    : CONFIRMATION.noTime(preferredDate);
}

/** The link's or the server's message, and the way back to the booking form. */
function NotConfirmed({ message }: { message: string }) {
  return (
    <PageCard title={CONFIRMATION.failureTitle} focusHeading>
      <FormError>{message}</FormError>
      <Button asChild className="w-full">
        <Link href={paths.book}>{CONFIRMATION.bookAgain}</Link>
      </Button>
    </PageCard>
  );
}
