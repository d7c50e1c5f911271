import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';

export function HomePage() {
  usePageTitle('Home');

  return (
    <section className="bg-gradient-to-b from-accent to-background">
      <div className="mx-auto flex max-w-7xl flex-col items-center px-4 py-16 text-center sm:px-6 md:py-24 lg:px-8">
        <Badge variant="secondary" className="mb-6 gap-1.5 px-3 py-1 text-sm">
          <Sparkles className="size-4" aria-hidden="true" />
          AI-Powered Plumbing Diagnosis
        </Badge>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl md:text-6xl">
          Plumbing Problems? Get Instant AI Diagnosis
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
          Describe the problem, add a photo if you like, and get an assessment with an upfront cost estimate in
          seconds — then book a licensed, insured plumber.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
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
      </div>
    </section>
  );
}
