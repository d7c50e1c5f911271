import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readBookingHandover } from '@shared/booking-handover';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { BookingForm } from '@/features/booking/components/booking-form';
import { usePublicConfig } from '@/features/site-config/api/get-public-config';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageShell } from './page-shell';

export function BookPage() {
  usePageTitle('Book a Service');
  const search = useSearch();
  const [, navigate] = useLocation();
  // Read once: a diagnosis handed over from /diagnose prefills the form (shared/booking-handover).
  const [handover] = useState(() => readBookingHandover(new URLSearchParams(search)));
  const user = useUser();
  const publicConfig = usePublicConfig();

  return (
    <PageShell
      title="Book a Service"
      description="Tell us what you need and when, and we'll confirm your appointment within 1 hour."
      className="max-w-3xl"
      align="center"
    >
      <div className="mt-8 text-left md:mt-10">
        <BookingForm
          user={user.isPending ? undefined : user.data}
          handover={handover}
          // Until the server has said (or if it never does), the form assumes the default zone.
          timeZone={publicConfig.data?.timeZone}
          onBooked={() => navigate(paths.dashboard)}
        />
      </div>
    </PageShell>
  );
}
