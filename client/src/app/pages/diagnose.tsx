import { DiagnosisWizard } from '@/features/diagnosis/components/diagnosis-wizard';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageShell } from './page-shell';

export function DiagnosePage() {
  usePageTitle('AI Diagnosis');
  return (
    <PageShell
      title="AI Diagnosis"
      description="Describe your plumbing issue and get an instant assessment with recommendations."
      className="max-w-4xl"
      align="center"
    >
      <div className="text-left">
        <DiagnosisWizard />
      </div>
    </PageShell>
  );
}
