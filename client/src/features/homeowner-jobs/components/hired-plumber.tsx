import { Phone, User } from 'lucide-react';
import type { HiredPlumber as HiredPlumberContact } from '@shared/contracts/jobs';
import { Panel } from '@/components/ui/panel';
import { toTelHref } from '@/utils/tel-href';
import { COPY } from '../copy';

/** Who the homeowner hired and how to call them: shown once a quote is accepted. */
export function HiredPlumber({ jobId, plumber }: { jobId: string; plumber: HiredPlumberContact }) {
  const headingId = `hired-plumber-heading-${jobId}`;
  return (
    <Panel headingId={headingId} title={COPY.hiredPlumber.heading} data-testid="section-hired-plumber">
      <dl className="grid gap-2 text-sm">
        <div className="flex items-start gap-1.5">
          <User aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <dt className="sr-only">{COPY.hiredPlumber.heading}</dt>
          <dd className="grid">
            <span className="font-medium" data-testid="text-hired-plumber">
              {COPY.plumberName(plumber)}
            </span>
            {plumber.businessName && plumber.name && (
              <span className="text-muted-foreground" data-testid="text-hired-plumber-person">
                {plumber.name}
              </span>
            )}
          </dd>
        </div>
        {plumber.phone && (
          <div className="flex items-start gap-1.5">
            <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <dt className="sr-only">{COPY.hiredPlumber.phone}</dt>
            <dd>
              <a
                className="underline-offset-4 hover:underline"
                href={toTelHref(plumber.phone)}
                data-testid="link-hired-plumber-phone"
              >
                {plumber.phone}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </Panel>
  );
}
