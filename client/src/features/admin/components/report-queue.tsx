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
import { toast } from '@/components/ui/use-toast';
import { jobRoomPath } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { blankAsUndefined } from '@/utils/form-values';
import { useDecideReport } from '../api/decide-report';
import { useAdminReports, type ReportFilter } from '../api/get-admin-reports';
import { ADMIN_COPY } from '../copy';
import { QueueList } from './queue-list';
import { TextareaField } from '@/components/ui/textarea-field';

const COPY = ADMIN_COPY.queues.reports;
const FILTERS = ['all', 'open', 'answered', 'closed'] as const satisfies readonly ReportFilter[];

/** Problem reports, open ones first, each answered or closed with an optional refund. */
export function ReportQueue() {
  const [filter, setFilter] = useState<ReportFilter>('all');
  const reports = useAdminReports({ filter });

  return (
    <QueueList
      heading={COPY.heading}
      intro={COPY.intro}
      testId="queue-reports"
      filter={{
        label: COPY.filter,
        value: filter,
        values: FILTERS,
        labelOf: (value) => COPY.filters[value],
        onChange: setFilter,
        testId: 'select-report-status',
      }}
      query={reports}
      loadingText={COPY.loading}
      empty={{ text: COPY.empty, testId: 'text-no-reports' }}
      renderItem={(report) => <ReportCard report={report} />}
    />
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
        <p className="wrap-anywhere text-sm text-muted-foreground">
          {reporter.name || reporter.email
            ? COPY.reporter(reporter.name ?? '', COPY.roles[reporter.role], reporter.email ?? '')
            : COPY.unknownReporter}
        </p>
      }
    >
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="whitespace-pre-line wrap-anywhere text-sm" data-testid="text-report-details">
          {report.details}
        </p>
        <ul className="grid gap-1 text-sm">
          <li className="text-muted-foreground">{COPY.reported(formatPostedDate(report.createdAt))}</li>
          {report.answer && (
            <li className="whitespace-pre-line wrap-anywhere" data-testid="text-report-answer">
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
      <TextareaField
        form={form}
        id={`${id}-answer`}
        name="answer"
        label={status === 'answered' ? COPY.answerLabel : COPY.answerOptionalLabel}
        hint={COPY.answerHint}
        maxLength={REPORT_ANSWER_MAX}
        testId="input-report-answer"
        registerOptions={{ setValueAs: blankAsUndefined }}
      />
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
