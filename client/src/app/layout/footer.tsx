import { BadgeCheck, Mail, Phone } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { useSupportContact } from '@/features/site-config/api/get-public-config';
import { Logo } from './logo';
import { toTelHref } from '@/utils/tel-href';

/** docs/product.md#who-it-is-for-and-the-public-pages "Footer": every service and company entry links to the home page. */
const SERVICE_LINKS = ['Emergency Repairs', 'Installations', 'Maintenance', 'Inspections', 'AI Diagnosis'];
const COMPANY_LINKS = ['About Us', 'Our Team', 'Careers', 'Contact'];
const CLAIMS = [
  'Licensed Professionals',
  'Fully Insured',
  '10,000+ Homes Serviced',
  '24/7 Availability',
  'Transparent Pricing',
];

const thisYear = () => new Date().getFullYear();
const neverChanges = () => () => {};

/**
 * The copyright year. The pages drawn at build time (`/`, `/services`) carry the build's year, and
 * hydration must start from the markup it finds: it reads that year back from the page, and React
 * then renders this year at once. So a page built in December says the new year in January, without
 * a hydration mismatch (which would redraw the whole page and log an error).
 */
function useCopyrightYear(): number {
  return useSyncExternalStore(neverChanges, thisYear, () => {
    if (typeof document === 'undefined') return thisYear();
    const drawn = Number(
      document.querySelector('[data-copyright-year]')?.getAttribute('data-copyright-year'),
    );
    return Number.isInteger(drawn) && drawn > 0 ? drawn : thisYear();
  });
}

export function Footer() {
  const { supportPhone, supportEmail } = useSupportContact();
  const year = useCopyrightYear();

  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">
            Instant AI plumbing diagnosis, upfront pricing and licensed, insured plumbers when you need them.
          </p>
          <ul className="space-y-2 text-sm" aria-label="Why homeowners trust us">
            {CLAIMS.map((claim) => (
              <li key={claim} className="flex items-center gap-2">
                <BadgeCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {claim}
              </li>
            ))}
          </ul>
        </div>

        <FooterLinkList title="Services" items={SERVICE_LINKS} />
        <FooterLinkList title="Company" items={COMPANY_LINKS} />

        <section aria-labelledby="footer-contact" className="space-y-4">
          <h2 id="footer-contact" className="text-sm font-semibold uppercase tracking-wide">
            Contact
          </h2>
          <ul className="space-y-3 text-sm">
            <li>
              <a
                href={toTelHref(supportPhone)}
                className="inline-flex items-center gap-2 rounded-sm text-muted-foreground hover:text-foreground hover:underline"
                data-testid="link-footer-phone"
              >
                <Phone className="size-4 shrink-0" aria-hidden="true" />
                {supportPhone}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${supportEmail}`}
                className="inline-flex items-center gap-2 rounded-sm break-all text-muted-foreground hover:text-foreground hover:underline"
                data-testid="link-footer-email"
              >
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                {supportEmail}
              </a>
            </li>
          </ul>
        </section>
      </div>

      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-muted-foreground sm:px-6 lg:px-8">
          © <span data-copyright-year={year}>{year}</span> {SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterLinkList({ title, items }: { title: string; items: string[] }) {
  const headingId = `footer-${title.toLowerCase()}`;
  return (
    <nav aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-sm font-semibold uppercase tracking-wide">
        {title}
      </h2>
      <ul className="space-y-2 text-sm">
        {items.map((item) => (
          <li key={item}>
            <Link
              href={paths.home}
              className="rounded-sm text-muted-foreground hover:text-foreground hover:underline"
            >
              {item}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
