import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  REPORT_DETAILS_MAX,
  REPORT_DETAILS_MIN,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  createReportInput,
  type CreateReportInput,
  type JobReport,
} from '@shared/contracts/admin-queues';
import { formatUsd, toCents } from '@shared/money';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { StatusItem } from '@/components/ui/status-item';
import { TextareaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useFileReport } from '../api/file-report';
import { useMyReports } from '../api/get-my-reports';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

const REASON_OPTIONS = REPORT_REASONS.map((reason) => ({
  value: reason,
  label: REPORT_REASON_LABELS[reason],
}));

/**
 * "Report a problem" for the job's homeowner and the plumbers involved with it, and the viewer's own
 * reports with Plumbline's answers. Nobody else sees another person's reports.
 */
export function JobReports({ jobId }: { jobId: string }) {
  const [open, setOpen] = useState(false);
  const reports = useMyReports({ jobId });

  return (
    <RoomSection
      id="job-reports"
      title={COPY.reports.heading}
      data-testid="section-reports"
      action={
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="button-report-problem">
          {COPY.reports.report}
        </Button>
      }
    >
      {reports.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(reports.error, COPY.reports.loadFailed)}
        </p>
      ) : reports.data && reports.data.length > 0 ? (
        <ul className="grid gap-3">
          {reports.data.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{COPY.reports.intro}</p>
      )}
      <ReportDialog jobId={jobId} open={open} onOpenChange={setOpen} />
    </RoomSection>
  );
}

function ReportItem({ report }: { report: JobReport }) {
  return (
    <StatusItem
      className="gap-1"
      data-testid={`report-${report.id}`}
      title={REPORT_REASON_LABELS[report.reason]}
      statusLabel={COPY.reports.status[report.status]}
      statusVariant={report.status === 'open' ? 'outline' : 'secondary'}
      statusTestId="badge-report-status"
      note={report.details}
    >
      {report.answer && (
        <p className="whitespace-pre-line break-words text-sm" data-testid="text-report-answer">
          {COPY.reports.answer(report.answer)}
        </p>
      )}
      {report.refundAmount && toCents(report.refundAmount) > 0 && (
        <p className="text-sm font-medium" data-testid="text-report-refund">
          {COPY.reports.refund(formatUsd(report.refundAmount))}
        </p>
      )}
    </StatusItem>
  );
}

function ReportDialog({
  jobId,
  open,
  onOpenChange,
}: {
  jobId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const form = useForm<CreateReportInput>({
    resolver: zodResolver(createReportInput),
    defaultValues: { details: '' },
  });
  const mutation = useFileReport({
    mutationConfig: {
      onSuccess: () => {
        onOpenChange(false);
        form.reset();
        toast({ title: COPY.reports.sentTitle, description: COPY.reports.sentDescription });
      },
      onError: (error) =>
        form.setError('root.server', {
          type: 'server',
          message: getErrorMessage(error, COPY.reports.failure),
        }),
    },
  });
  const { errors } = form.formState;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && mutation.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={COPY.reports.keep} data-testid="dialog-report-problem">
        <DialogHeader>
          <DialogTitle>{COPY.reports.dialogTitle}</DialogTitle>
          <DialogDescription>{COPY.reports.dialogDescription}</DialogDescription>
        </DialogHeader>
        <form
          id={`${id}-form`}
          noValidate
          onSubmit={form.handleSubmit((body) => mutation.mutate({ jobId, body }))}
          className="grid gap-3"
        >
          <SelectField
            control={form.control}
            name="reason"
            id={`${id}-reason`}
            label={COPY.reports.reason}
            placeholder={COPY.reports.reasonPlaceholder}
            options={REASON_OPTIONS}
            data-testid="select-report-reason"
          />
          <TextareaField
            form={form}
            id={`${id}-details`}
            name="details"
            label={COPY.reports.details}
            hint={COPY.reports.detailsHint(REPORT_DETAILS_MIN, REPORT_DETAILS_MAX)}
            rows={4}
            maxLength={REPORT_DETAILS_MAX}
            testId="input-report-details"
          />
          {errors.root?.server?.message && <FormError>{errors.root.server.message}</FormError>}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            {COPY.reports.keep}
          </Button>
          <Button
            type="submit"
            form={`${id}-form`}
            disabled={mutation.isPending}
            aria-busy={mutation.isPending}
            data-testid="button-send-report"
          >
            {mutation.isPending && <Spinner />}
            {COPY.reports.send}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
