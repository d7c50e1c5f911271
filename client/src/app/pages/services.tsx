import { usePageTitle } from '@/hooks/use-page-title';
import { PageShell } from './page-shell';

export function ServicesPage() {
  usePageTitle('Services');
  return (
    <PageShell
      title="Our Services"
      description="Transparent upfront pricing, delivered by licensed and insured technicians."
    />
  );
}
