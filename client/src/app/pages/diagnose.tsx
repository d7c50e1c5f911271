import { usePageTitle } from '@/hooks/use-page-title';
import { PageShell } from './page-shell';

export function DiagnosePage() {
  usePageTitle('AI Diagnosis');
  return (
    <PageShell
      title="AI Diagnosis"
      description="Describe your plumbing issue and get an instant assessment with recommendations."
    />
  );
}
