import { Phone, User } from 'lucide-react';
import type { JobRoom } from '@shared/contracts/jobs';
import { toTelHref } from '@/utils/tel-href';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

/**
 * Who is on the other side and how to call them (docs/product.md#accounts-mail-and-trust "Names"): the hired plumber for
 * the homeowner, the homeowner for the hired plumber, both for admins; nobody's before a quote is
 * accepted (the server sends null).
 */
export function JobContacts({ room }: { room: JobRoom }) {
  const { homeowner, plumber, viewer } = room;
  if (!homeowner && !plumber) return null;
  return (
    <RoomSection
      id="job-contacts"
      title={
        viewer === 'homeowner'
          ? COPY.contacts.yourPlumber
          : viewer === 'admin'
            ? COPY.contacts.heading
            : COPY.contacts.homeowner
      }
      data-testid="section-contacts"
    >
      {viewer === 'admin' ? (
        <>
          {homeowner && <Contact heading={COPY.contacts.homeowner} {...homeowner} testId="homeowner" />}
          {plumber && (
            <Contact
              heading={COPY.contacts.plumber}
              name={COPY.plumberName(plumber)}
              person={plumber.businessName ? plumber.name : null}
              phone={plumber.phone}
              testId="plumber"
            />
          )}
        </>
      ) : plumber && viewer === 'homeowner' ? (
        <Contact
          name={COPY.plumberName(plumber)}
          person={plumber.businessName ? plumber.name : null}
          phone={plumber.phone}
          testId="plumber"
        />
      ) : (
        homeowner && <Contact {...homeowner} testId="homeowner" />
      )}
    </RoomSection>
  );
}

function Contact({
  heading,
  name,
  person,
  phone,
  testId,
}: {
  /** Only when one section shows both people. */
  heading?: string;
  name: string | null;
  /** The person behind a business name. */
  person?: string | null;
  phone: string | null;
  testId: string;
}) {
  return (
    <div className="grid gap-2 text-sm" data-testid={`contact-${testId}`}>
      {heading && <h3 className="font-medium text-muted-foreground">{heading}</h3>}
      <dl className="grid gap-2">
        <div className="flex items-start gap-1.5">
          <User aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <dt className="sr-only">{COPY.contacts.name}</dt>
          <dd className="grid">
            <span className="font-medium" data-testid={`text-${testId}-name`}>
              {name ?? COPY.contacts.unnamed}
            </span>
            {person && <span className="text-muted-foreground">{person}</span>}
          </dd>
        </div>
        <div className="flex items-start gap-1.5">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <dt className="sr-only">{COPY.contacts.phone}</dt>
          <dd>
            {phone ? (
              <a
                className="underline-offset-4 hover:underline"
                href={toTelHref(phone)}
                data-testid={`link-${testId}-phone`}
              >
                {phone}
              </a>
            ) : (
              <span className="text-muted-foreground">{COPY.contacts.noPhone}</span>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
