import { usePageTitle } from '@/hooks/use-page-title';
import { PageShell } from './page-shell';

export function AdminPage() {
  usePageTitle('Admin Dashboard');
  return <PageShell title="Admin Dashboard" description="Pricing catalogue, regions, modifiers and job counts." />;
}
