import {
  AlertTriangle,
  Camera,
  ChevronDown,
  Info,
  OctagonAlert,
  RotateCcw,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Urgency } from '@shared/constants';
import { bookingHandoverUrl, serviceTypeForIssueSlug } from '@shared/booking-handover';
import type { DiagnosisResponse, SafetyNotice } from '@shared/contracts/diagnosis';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cn } from '@/utils/cn';
import { COPY, severityLabel, typicalTotalLabel } from '../copy';
import { CostBreakdown } from '@/components/cost-breakdown';
import { StepHeading } from './step-heading';

const SEVERITY_STYLES: Record<string, string> = {
  critical: 'border-transparent bg-destructive text-destructive-foreground',
  high: 'border-orange-300 bg-orange-100 text-orange-900 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-100',
  medium:
    'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  low: 'border-emerald-300 bg-emerald-100 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
};

const CONFIDENCE_LABELS: Record<DiagnosisResponse['confidence'], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

const ENGINE_NOTES: Record<DiagnosisResponse['engine'], string> = {
  offline: "Diagnosed by Plumbline's plumbing knowledge base. Prices come from our pricing catalogue.",
  openai: 'Diagnosed by an AI model (OpenAI). Prices come from our pricing catalogue, never from the model.',
};

export interface DiagnosisRequestSummary {
  description: string;
  urgency: Urgency;
}

export function DiagnosisResult({
  diagnosis,
  request,
  focusOnMount,
  onReset,
}: {
  diagnosis: DiagnosisResponse;
  request: DiagnosisRequestSummary;
  focusOnMount: boolean;
  onReset: () => void;
}) {
  const [explanationOpen, setExplanationOpen] = useState(false);
  const [priceOpen, setPriceOpen] = useState(false);
  const bookUrl = bookingHandoverUrl({
    serviceType: diagnosis.issueSlug ? serviceTypeForIssueSlug(diagnosis.issueSlug) : undefined,
    urgency: request.urgency,
    description: request.description.trim(),
    issueSlug: diagnosis.issueSlug ?? undefined,
    // The job booked from it gets this diagnosis' photos (when it is less than a day old).
    diagnosisId: diagnosis.id,
  });

  return (
    <div className="grid gap-6" data-testid="diagnosis-result">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <StepHeading focusOnMount={focusOnMount}>Your Diagnosis</StepHeading>
        <Badge
          className={cn('px-3 py-1 text-sm', SEVERITY_STYLES[diagnosis.severity] ?? SEVERITY_STYLES.low)}
          data-testid="badge-severity"
        >
          <span className="sr-only">Severity: </span>
          {severityLabel(diagnosis.severity)}
        </Badge>
      </div>

      {diagnosis.safety && <SafetyBanner notice={diagnosis.safety} />}

      {diagnosis.note && <ResultNote icon={Info} text={diagnosis.note} testId="text-engine-note" />}
      {diagnosis.photoNote && (
        <ResultNote icon={Camera} text={diagnosis.photoNote} testId="text-photo-note" />
      )}

      {!diagnosis.isPlumbingRelated && (
        <div
          className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
          data-testid="card-not-plumbing"
        >
          <AlertTriangle
            className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300"
            aria-hidden="true"
          />
          <div className="grid gap-1">
            <h3 className="font-semibold">{COPY.notPlumbingTitle}</h3>
            <p className="text-sm">
              This doesn&apos;t look like a plumbing problem. Your description or images may not show plumbing
              issues — add more detail about pipes, fixtures or drains and try again, or contact a specialist
              for this kind of problem.
            </p>
          </div>
        </div>
      )}

      {/* DOM order follows reading order (the breakdown right after its trigger); on wide screens the
          action sits beside the cost and the breakdown spans the row below. */}
      <Collapsible
        open={priceOpen}
        onOpenChange={setPriceOpen}
        className="grid items-start gap-4 sm:grid-cols-2"
      >
        <ResultField label="Identified Issue" className="sm:col-span-2">
          <p className="text-lg font-semibold" data-testid="text-issue">
            {diagnosis.issue}
          </p>
          <p className="mt-1 text-xs text-muted-foreground" data-testid="text-confidence">
            Confidence: {CONFIDENCE_LABELS[diagnosis.confidence]}
          </p>
          {diagnosis.alternative && (
            <p className="mt-3 text-sm" data-testid="text-alternative">
              <span className="font-medium">{COPY.couldAlsoBe}:</span>{' '}
              <span data-testid="text-alternative-issue">{diagnosis.alternative.issue}</span>
              {' — '}
              <span className="font-medium" data-testid="text-alternative-cost">
                {diagnosis.alternative.estimatedCost}
              </span>
              {diagnosis.alternative.typicalTotal && (
                <> ({typicalTotalLabel(diagnosis.alternative.typicalTotal)})</>
              )}
              . <span className="text-muted-foreground">{COPY.confirmedOnSite}</span>
            </p>
          )}
        </ResultField>

        <ResultField label="Estimated Cost" className="sm:col-start-1 sm:row-start-2">
          <p className="text-2xl font-bold text-primary" data-testid="text-estimated-cost">
            {diagnosis.estimatedCost}
          </p>
          {diagnosis.typicalTotal && (
            <p className="mt-1 text-sm text-muted-foreground" data-testid="text-typical-total">
              {typicalTotalLabel(diagnosis.typicalTotal)}
            </p>
          )}
          {diagnosis.costBreakdown && (
            <CollapsibleTrigger asChild>
              <Button
                variant="link"
                className="mt-2 h-auto gap-1 p-0 text-sm"
                data-testid="button-price-breakdown"
              >
                How we priced this
                <ChevronDown
                  className={cn('transition-transform', priceOpen && 'rotate-180')}
                  aria-hidden="true"
                />
              </Button>
            </CollapsibleTrigger>
          )}
        </ResultField>

        {diagnosis.costBreakdown && (
          <CollapsibleContent className="rounded-lg border p-4 sm:col-span-2 sm:row-start-3">
            <CostBreakdown breakdown={diagnosis.costBreakdown} />
          </CollapsibleContent>
        )}

        <ResultField label="Recommended Action" className="sm:col-start-2 sm:row-start-2">
          <p data-testid="text-recommended-action">{diagnosis.recommendedAction}</p>
        </ResultField>
      </Collapsible>

      <Collapsible
        open={explanationOpen}
        onOpenChange={setExplanationOpen}
        className="rounded-lg border"
        data-testid="collapsible-explanation"
      >
        <CollapsibleTrigger asChild>
          <button
            type="button"
            className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left font-medium hover:bg-accent"
          >
            {COPY.howWeDiagnosed}
            <ChevronDown
              className={cn('size-4 shrink-0 transition-transform', explanationOpen && 'rotate-180')}
              aria-hidden="true"
            />
          </button>
        </CollapsibleTrigger>
        <CollapsibleContent className="grid gap-3 px-4 pb-4 text-sm">
          <p data-testid="text-explanation">{diagnosis.explanation}</p>
          {diagnosis.conclusionBasis && (
            <p className="text-muted-foreground" data-testid="text-conclusion-basis">
              <span className="font-medium text-foreground">{COPY.analysisBasedOn}:</span>{' '}
              {diagnosis.conclusionBasis}
            </p>
          )}
        </CollapsibleContent>
      </Collapsible>

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild size="lg" className="sm:flex-1">
          <Link href={bookUrl} data-testid="link-book-professional">
            <Wrench aria-hidden="true" />
            {COPY.bookProfessional}
          </Link>
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="sm:flex-1"
          onClick={onReset}
          data-testid="button-new-diagnosis"
        >
          <RotateCcw aria-hidden="true" />
          {COPY.newDiagnosis}
        </Button>
      </div>

      <div className="grid gap-1 border-t pt-4 text-xs text-muted-foreground">
        <p data-testid="text-disclaimer">
          This AI diagnosis is for informational purposes only and is not a replacement for a professional
          inspection by a licensed plumber.
        </p>
        <p data-testid="text-engine">{ENGINE_NOTES[diagnosis.engine]}</p>
      </div>
    </div>
  );
}

function ResultField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('rounded-lg border bg-muted/40 p-4', className)}>
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</h3>
      {children}
    </div>
  );
}

/** A plain remark about how the result was reached (the engine used, photos not analysed). */
function ResultNote({ icon: Icon, text, testId }: { icon: LucideIcon; text: string; testId: string }) {
  return (
    <p
      className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground"
      data-testid={testId}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}

function SafetyBanner({ notice }: { notice: SafetyNotice }) {
  const danger = notice.level === 'danger';
  return (
    <div
      role="alert"
      className={cn(
        'flex gap-3 rounded-lg border-2 p-4',
        danger
          ? 'border-destructive bg-destructive/10 text-foreground'
          : 'border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50',
      )}
      data-testid="banner-safety"
    >
      <OctagonAlert
        className={cn(
          'mt-0.5 size-5 shrink-0',
          danger ? 'text-destructive' : 'text-amber-700 dark:text-amber-300',
        )}
        aria-hidden="true"
      />
      <div className="grid gap-1">
        <p className="font-semibold">{notice.title}</p>
        <p className="text-sm">{notice.message}</p>
      </div>
    </div>
  );
}
