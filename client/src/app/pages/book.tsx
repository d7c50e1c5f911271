import { usePageTitle } from '@/hooks/use-page-title';
import { PageShell } from './page-shell';

export function BookPage() {
  usePageTitle('Book a Service');
  return (
    <PageShell
      title="Book a Service"
      description="Tell us what you need and when, and we'll confirm your appointment within 1 hour."
    />
  );
}
