import { ArrowRight, Award, BadgeDollarSign, Clock, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { ServiceCard } from '@/features/services/components/service-card';
import { ValueCardsSection } from '@/features/services/components/value-card';
import { LOWEST_STARTING_PRICE, SERVICES } from '@/features/services/data/services';
import { usePageMeta } from '@/hooks/use-page-title';

const META_DESCRIPTION = `Emergency repairs, drain cleaning, water heaters, leak detection, pipe installation and fixture replacement. Upfront prices from $${LOWEST_STARTING_PRICE}, licensed and insured technicians, 24/7.`;

/** Cards in the first screen on a wide layout load their images at once; the rest wait until scrolled to. */
const EAGER_IMAGE_COUNT = 3;

const REASONS = [
  {
    title: 'Licensed & Insured',
    description: 'Every technician is fully licensed, insured and background-checked before their first job.',
    icon: ShieldCheck,
  },
  {
    title: 'Transparent Pricing',
    description: 'Upfront quotes with no hidden fees. You approve the price before any work begins.',
    icon: BadgeDollarSign,
  },
  {
    title: 'Quality Guarantee',
    description:
      'Our work is backed by a workmanship guarantee. If something is not right, we come back and fix it.',
    icon: Award,
  },
  {
    title: '24/7 Availability',
    description: 'Emergency service around the clock — nights, weekends and holidays included.',
    icon: Clock,
  },
];

export function ServicesPage() {
  usePageMeta('Plumbing Services & Upfront Pricing', META_DESCRIPTION);

  return (
    <>
      <section aria-labelledby="services-title" className="relative isolate overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_70%_at_50%_-20%,var(--color-accent),transparent)] dark:bg-[radial-gradient(ellipse_80%_70%_at_50%_-20%,#172554,transparent)]"
        />
        <div className="mx-auto max-w-7xl px-4 py-12 text-center sm:px-6 md:py-16 lg:px-8">
          <h1 id="services-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Our Services
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
            Transparent, upfront pricing on every job, delivered by licensed, insured technicians. Prices
            below are starting points — you see your full quote before any work begins.
          </p>
        </div>
      </section>

      <section aria-label="Services" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((service, index) => (
            <ServiceCard
              key={service.slug}
              service={service}
              headingLevel="h2"
              imageLoading={index < EAGER_IMAGE_COUNT ? 'eager' : 'lazy'}
              imageFetchPriority={index === 0 ? 'high' : undefined}
            />
          ))}
        </div>
      </section>

      <ValueCardsSection
        id="services-why-title"
        title={`Why Choose ${SITE_NAME}`}
        description="The same standard on every job, from a dripping tap to a burst main."
        reasons={REASONS}
        className="md:py-20"
      />

      <section aria-labelledby="services-help-title" className="px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <div className="mx-auto flex max-w-4xl flex-col items-center rounded-3xl border bg-card px-6 py-12 text-center text-card-foreground shadow-sm sm:px-12">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Sparkles className="size-6" aria-hidden="true" />
          </span>
          <h2
            id="services-help-title"
            className="mt-5 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Need Help Choosing a Service?
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">
            Describe the problem and our AI will identify the likely issue, estimate the cost and point you to
            the right service — free, in seconds.
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link href={paths.diagnose}>
              Start Free AI Diagnosis
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
