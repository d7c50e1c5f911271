import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import {
  REPORT_ANSWER_MAX,
  REPORT_REASON_LABELS,
  updateReportInput,
  type AdminReport,
  type UpdateReportInput,
} from '@shared/contracts/admin-queues';
import { formatPostedDate, jobTitleFromSlug } from '@shared/job-display';
import { formatUsd } from '@shared/money';
import { AmountInput } from '@/components/ui/amount-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardContent, ListCard } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { jobRoomPath } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { blankAsUndefined } from '@/utils/form-values';
import { useDecideReport } from '../api/decide-report';
import { useAdminReports, type ReportFilter } from '../api/get-admin-reports';
import { ADMIN_COPY } from '../copy';

const COPY = ADMIN_COPY.queues.reports;
const FILTERS = ['all', 'open', 'answered', 'closed'] as const satisfies readonly ReportFilter[];

/** Problem reports, open ones first, each answered or closed with an optional refund. */
export function ReportQueue() {
  const id = useId();
  const [filter, setFilter] = useState<ReportFilter>('all');
  const reports = useAdminReports({ filter });

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4" data-testid="queue-reports">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
            {COPY.heading}
          </h3>
          <p className="max-w-3xl text-sm text-muted-foreground">{COPY.intro}</p>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-filter`} className="text-sm font-medium">
            {COPY.filter}
          </label>
          <Select value={filter} onValueChange={(value) => setFilter(value as ReportFilter)}>
            <SelectTrigger id={`${id}-filter`} className="w-44" data-testid="select-report-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FILTERS.map((value) => (
                <SelectItem key={value} value={value}>
                  {COPY.filters[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {reports.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {ADMIN_COPY.listFailed} {getErrorMessage(reports.error, '')}
        </p>
      ) : !reports.data ? (
        <div className="grid gap-4" role="status">
          <span className="sr-only">{COPY.loading}</span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : reports.data.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground" data-testid="text-no-reports">
          {COPY.empty}
        </p>
      ) : (
        <ul className="grid gap-4">
          {reports.data.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const id = useId();
  const [deciding, setDeciding] = useState<'answered' | 'closed' | null>(null);
  const { reporter } = report;

  return (
    <ListCard
      titleId={`${id}-title`}
      title={COPY.title(REPORT_REASON_LABELS[report.reason], jobTitleFromSlug(report.job.issueSlug))}
      data-testid={`card-report-${report.id}`}
      badges={
        <Badge variant={report.status === 'open' ? 'default' : 'secondary'} data-testid="badge-report-status">
          {COPY.status[report.status]}
        </Badge>
      }
      meta={
        <p className="break-words text-sm text-muted-foreground">
          {reporter.name || reporter.email
            ? COPY.reporter(reporter.name ?? '', COPY.roles[reporter.role], reporter.email ?? '')
            : COPY.unknownReporter}
        </p>
      }
    >
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="whitespace-pre-line break-words text-sm" data-testid="text-report-details">
          {report.details}
        </p>
        <ul className="grid gap-1 text-sm">
          <li className="text-muted-foreground">{COPY.reported(formatPostedDate(report.createdAt))}</li>
          {report.answer && (
            <li className="whitespace-pre-line break-words" data-testid="text-report-answer">
              {COPY.answer(report.answer)}
            </li>
          )}
          {report.refundAmount && (
            <li data-testid="text-report-refund">{COPY.refund(formatUsd(report.refundAmount))}</li>
          )}
          <li>
            <Link
              href={jobRoomPath(report.job.id)}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {COPY.job}
            </Link>
          </li>
        </ul>
        {deciding ? (
          <DecisionForm report={report} status={deciding} onDone={() => setDeciding(null)} />
        ) : (
          report.status !== 'closed' && (
            <div className="flex flex-wrap gap-2">
              {report.status === 'open' && (
                <Button onClick={() => setDeciding('answered')} data-testid="button-answer-report">
                  {COPY.answerAction}
                </Button>
              )}
              <Button
                variant="outline"
                onClick={() => setDeciding('closed')}
                data-testid="button-close-report"
              >
                {COPY.closeAction}
              </Button>
            </div>
          )
        )}
      </CardContent>
    </ListCard>
  );
}

/** Answering (an answer required) or closing (an answer optional), each with an optional refund. */
function DecisionForm({
  report,
  status,
  onDone,
}: {
  report: AdminReport;
  status: 'answered' | 'closed';
  onDone: () => void;
}) {
  const id = useId();
  const form = useForm<UpdateReportInput>({
    resolver: zodResolver(updateReportInput),
    defaultValues: { status },
  });
  const mutation = useDecideReport({
    mutationConfig: {
      onSuccess: () => {
        toast({
          title: status === 'answered' ? COPY.answeredTitle : COPY.closedTitle,
          description: COPY.notified,
        });
        onDone();
      },
      onError: (error) =>
        form.setError('root.server', { type: 'server', message: getErrorMessage(error, COPY.failure) }),
    },
  });
  const { errors } = form.formState;
  const limit = report.job.refundLimit ? formatUsd(report.job.refundLimit) : null;

  return (
    <form
      noValidate
      aria-busy={mutation.isPending}
      aria-label={status === 'answered' ? COPY.answerAction : COPY.closeAction}
      onSubmit={form.handleSubmit((body) => mutation.mutate({ reportId: report.id, body }))}
      className="grid gap-3"
      data-testid={`form-report-${status}`}
    >
      <FormField
        id={`${id}-answer`}
        label={status === 'answered' ? COPY.answerLabel : COPY.answerOptionalLabel}
        hint={COPY.answerHint}
        error={errors.answer}
      >
        {(describedBy) => (
          <Textarea
            id={`${id}-answer`}
            maxLength={REPORT_ANSWER_MAX}
            aria-invalid={errors.answer ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-report-answer"
            {...form.register('answer', { setValueAs: blankAsUndefined })}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-refund`}
        label={COPY.refundLabel}
        hint={COPY.refundHint(limit)}
        error={errors.refundAmount}
        className="sm:max-w-xs"
      >
        {(describedBy) => (
          <AmountInput
            id={`${id}-refund`}
            aria-invalid={errors.refundAmount ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-report-refund"
            {...form.register('refundAmount', { setValueAs: blankAsUndefined })}
          />
        )}
      </FormField>
      {errors.root?.server?.message && <FormError>{errors.root.server.message}</FormError>}
      <FormActions
        pending={mutation.isPending}
        submitLabel={status === 'answered' ? COPY.sendAnswer : COPY.confirmClose}
        submitTestId={status === 'answered' ? 'button-send-answer' : 'button-confirm-close'}
        onCancel={onDone}
        cancelLabel={COPY.back}
      />
    </form>
  );
}
