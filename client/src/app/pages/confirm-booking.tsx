import { useSearchParams } from 'wouter';
import { ConfirmBooking } from '@/features/booking/components/confirm-booking';
import { COPY } from '@/features/booking/copy';
import { usePageTitle } from '@/hooks/use-page-title';

/** /confirm-booking?token=… — the link mailed to a guest who booked. */
export function ConfirmBookingPage() {
  usePageTitle(COPY.confirmation.pageTitle);
  const [searchParams] = useSearchParams();
  return <ConfirmBooking token={searchParams.get('token') ?? undefined} />;
}
