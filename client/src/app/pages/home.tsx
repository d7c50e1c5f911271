import {
  ArrowRight,
  BadgeCheck,
  BadgeDollarSign,
  BrainCircuit,
  CalendarCheck,
  Camera,
  Clock,
  Phone,
  ScanSearch,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { SectionHeading } from '@/features/services/components/section-heading';
import { ServicePriceList } from '@/features/services/components/service-price-list';
import { ValueCardsSection } from '@/features/services/components/value-card';
import { useSupportContact } from '@/features/site-config/api/get-public-config';
import { usePageMeta } from '@/hooks/use-page-title';
import { toTelHref } from '@/utils/tel-href';

const META_DESCRIPTION =
  'Describe your plumbing problem, get an instant AI diagnosis with an upfront cost estimate, and book a licensed, insured plumber — 24/7. Trusted in 10,000+ homes.';

/** docs/product.md#who-it-is-for-and-the-public-pages marketing claims, shown under the hero's calls to action. */
const HERO_CLAIMS = [
  { icon: ShieldCheck, text: 'Licensed, insured & background-checked' },
  { icon: Clock, text: '24/7 emergency service' },
  { icon: BadgeCheck, text: '10,000+ homes served' },
];

const STEPS = [
  {
    title: 'Describe & Upload',
    description: 'Tell us what is happening in your own words and add photos of the problem if you can.',
    icon: Camera,
  },
  {
    title: 'AI Analyzes',
    description:
      'Our AI identifies the likely issue, rates how urgent it is and estimates the cost for your area.',
    icon: ScanSearch,
  },
  {
    title: 'Book Service',
    description:
      'Choose a time that suits you and a licensed, background-checked plumber arrives ready to fix it.',
    icon: CalendarCheck,
  },
];

const REASONS = [
  {
    title: 'AI-Powered Diagnosis',
    description:
      'A clear assessment of what is wrong, how serious it is and what it should cost — in seconds, and free.',
    icon: BrainCircuit,
  },
  {
    title: 'Licensed Professionals',
    description:
      'Every plumber is licensed, insured and background-checked before they set foot in your home.',
    icon: ShieldCheck,
  },
  {
    title: '24/7 Availability',
    description:
      'Burst pipe at 2 a.m.? Emergency help is available around the clock, weekends and holidays included.',
    icon: Clock,
  },
  {
    title: 'Transparent Pricing',
    description:
      'Upfront price ranges for your issue and area before any work starts. No hidden fees, no surprises.',
    icon: BadgeDollarSign,
  },
];

export function HomePage() {
  usePageMeta('Instant AI Plumbing Diagnosis', META_DESCRIPTION);

  return (
    <>
      <Hero />
      <HowItWorks />
      <WhyChoose />
      <ServicesTeaser />
      <ClosingCallToAction />
    </>
  );
}

function Hero() {
  return (
    <section aria-labelledby="home-hero-title" className="relative isolate overflow-hidden border-b">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_50%_-10%,var(--color-accent),transparent)] dark:bg-[radial-gradient(ellipse_80%_60%_at_50%_-10%,#172554,transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] bg-[size:44px_44px] opacity-50"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_bottom,transparent_30%,var(--color-background))]"
      />

      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:pt-20 md:pb-24 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,0.8fr)] lg:gap-14 lg:px-8">
        <div className="text-center lg:text-left">
          <Badge
            variant="outline"
            className="gap-1.5 border-primary/30 bg-background/80 px-3 py-1 text-sm font-medium text-primary"
          >
            <Sparkles className="size-4" aria-hidden="true" />
            AI-powered plumbing technology
          </Badge>
          <h1
            id="home-hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl lg:leading-[1.08] xl:text-[3.5rem]"
          >
            Plumbing Problems?{' '}
            <span className="block text-balance text-primary">Get Instant AI Diagnosis</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-muted-foreground lg:mx-0">
            Describe what is wrong, add a photo if you can, and get an assessment with an upfront cost
            estimate in seconds. Then book a licensed, insured plumber — day or night.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <Button asChild size="lg">
              <Link href={paths.diagnose}>
                Start Free Diagnosis
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href={paths.services}>Browse Services</Link>
            </Button>
          </div>
          <ul
            aria-label="Why homeowners trust us"
            className="mt-8 flex flex-col items-center gap-x-6 gap-y-2 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start"
          >
            {HERO_CLAIMS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>

        <DiagnosisPreview />
      </div>
    </section>
  );
}

/** What a diagnosis looks like: a static, labelled example (no call is made). */
function DiagnosisPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-8 -z-10 bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-primary)_18%,transparent),transparent)]"
      />
      <div className="rounded-2xl border bg-card p-5 text-card-foreground shadow-xl sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Sparkles className="size-4" aria-hidden="true" />
            </span>
            AI diagnosis
          </p>
          <span className="rounded-full border px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
            Example
          </span>
        </div>

        <dl className="mt-5 grid grid-cols-2 gap-3 text-sm sm:gap-4">
          <div className="col-span-2 rounded-xl bg-muted/60 p-4">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              Identified issue
            </dt>
            <dd className="mt-1.5 flex flex-wrap items-center justify-between gap-2">
              <span className="text-base font-semibold">Leaking P-trap under the kitchen sink</span>
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                Medium
              </span>
            </dd>
          </div>
          <div className="rounded-xl border p-4">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              Estimated cost
            </dt>
            <dd className="mt-1.5 text-base font-bold whitespace-nowrap tabular-nums sm:text-lg lg:text-base xl:text-lg">
              $120 – $210
            </dd>
          </div>
          <div className="rounded-xl border p-4">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              Typical visit
            </dt>
            <dd className="mt-1.5 text-base font-bold sm:text-lg lg:text-base xl:text-lg">Under 1 hour</dd>
          </div>
          <div className="col-span-2 rounded-xl border p-4">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              Recommended action
            </dt>
            <dd className="mt-1.5 leading-relaxed">
              Tighten the slip nuts and replace the worn washer. Keep a bowl under the trap until it is fixed.
            </dd>
          </div>
        </dl>
      </div>
      <figcaption className="mt-3 text-center text-xs text-muted-foreground">
        An example result. Yours is based on your description and photos.
      </figcaption>
    </figure>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="home-how-title" className="py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="home-how-title"
          eyebrow="Three steps"
          title="How it works"
          description="From the first drip to fixed, without the guesswork or the phone tag."
        />
        <div className="relative mt-12">
          <div
            aria-hidden="true"
            className="absolute top-7 right-[16.6%] left-[16.6%] hidden border-t-2 border-dashed border-primary/30 md:block"
          />
          <ol className="grid gap-10 md:grid-cols-3 md:gap-8">
            {STEPS.map((step, index) => {
              const Icon = step.icon;
              return (
                <li key={step.title} className="relative flex flex-col items-center text-center">
                  <span className="relative inline-flex size-14 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground shadow-md ring-8 ring-background">
                    {index + 1}
                  </span>
                  <h3 className="mt-5 flex items-center gap-2 text-lg font-semibold">
                    <Icon className="size-5 text-primary" aria-hidden="true" />
                    {step.title}
                  </h3>
                  <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted-foreground">
                    {step.description}
                  </p>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}

function WhyChoose() {
  return (
    <ValueCardsSection
      id="home-why-title"
      title={`Why choose ${SITE_NAME}`}
      description="Straight answers, qualified professionals and prices you see before anyone picks up a wrench."
      reasons={REASONS}
      className="md:py-24"
    />
  );
}

function ServicesTeaser() {
  return (
    <section aria-labelledby="home-services-title" className="py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {/* Phone: heading, list, then the link; wider: the link sits beside the heading. */}
        <div className="grid gap-8 md:grid-cols-[1fr_auto] md:gap-x-10 md:gap-y-10">
          <SectionHeading
            id="home-services-title"
            align="start"
            eyebrow="Upfront pricing"
            title="Services and starting prices"
            description="Know the starting price before you book. Your AI diagnosis narrows the estimate to your issue and area."
          />
          <div className="md:col-span-2">
            <ServicePriceList />
          </div>
          <Button
            asChild
            variant="outline"
            size="lg"
            className="w-full sm:w-auto sm:justify-self-start md:col-start-2 md:row-start-1 md:self-end"
          >
            <Link href={paths.services}>
              View All Services
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  const { supportPhone } = useSupportContact();

  return (
    <section aria-labelledby="home-cta-title" className="px-4 pb-16 sm:px-6 md:pb-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-xl sm:px-12 md:py-16 dark:bg-[linear-gradient(135deg,#1e40af,#172554)] dark:text-white dark:ring-1 dark:ring-white/10">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_0%,rgb(255_255_255/0.12),transparent_55%)]"
        />
        <h2 id="home-cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Not sure what is wrong? Find out in seconds.
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty">
          Describe the problem and get a free AI diagnosis with an upfront cost estimate. No account needed.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Button
            asChild
            size="lg"
            className="bg-white text-slate-900 hover:bg-white/90 dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90"
          >
            <Link href={paths.diagnose}>
              Get Free AI Diagnosis
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <a
            href={toTelHref(supportPhone)}
            className="inline-flex items-center gap-2 rounded-md px-2 py-2 font-medium underline-offset-4 hover:underline focus-visible:outline-current"
          >
            <Phone className="size-4" aria-hidden="true" />
            Emergency? Call {supportPhone}
          </a>
        </div>
      </div>
    </section>
  );
}
