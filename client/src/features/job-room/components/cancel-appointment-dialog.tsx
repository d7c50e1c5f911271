import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { AppointmentParty } from '@shared/constants';
import {
  cancelAppointmentInput,
  type CancelAppointmentInput,
  type JobAppointment,
} from '@shared/contracts/jobs';
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
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useCancelAppointment } from '../api/cancel-appointment';
import { COPY } from '../copy';

/** Less than this before the start, a cancellation is recorded as late (docs/decisions/029-appointments.md). */
const LATE_CANCELLATION_MS = 24 * 3_600_000;

/** Whether cancelling now would be recorded as late: the server decides, this only says so beforehand. */
export function isLateCancellation(startsAt: string, now: number = Date.now()): boolean {
  return Date.parse(startsAt) - now < LATE_CANCELLATION_MS;
}

/**
 * "Cancel appointment": a reason for the other side, and before confirming, whether it is free or
 * late and what becomes of the job (the homeowner's cancels it, the plumber's reopens it).
 */
export function CancelAppointmentDialog({
  open,
  onOpenChange,
  jobId,
  appointment,
  side,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jobId: string;
  appointment: JobAppointment;
  side: AppointmentParty;
}) {
  const id = useId();
  const form = useForm<CancelAppointmentInput>({
    resolver: zodResolver(cancelAppointmentInput),
    defaultValues: { reason: '' },
  });
  const mutation = useCancelAppointment({
    mutationConfig: {
      onSuccess: () => {
        onOpenChange(false);
        form.reset();
        toast({ title: COPY.appointment.cancelledTitle });
      },
      onError: (error) =>
        form.setError('root.server', {
          type: 'server',
          message: getErrorMessage(error, COPY.appointment.cancelFailure),
        }),
    },
  });
  const late = isLateCancellation(appointment.startsAt);
  const { errors } = form.formState;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && mutation.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={COPY.appointment.keep} data-testid="dialog-cancel-appointment">
        <DialogHeader>
          <DialogTitle>{COPY.appointment.cancelTitle}</DialogTitle>
          <DialogDescription data-testid="text-cancel-terms">
            {late ? COPY.appointment.cancelLate : COPY.appointment.cancelFree}{' '}
            {COPY.appointment.cancelEffect[side]}
          </DialogDescription>
        </DialogHeader>
        <form
          id={`${id}-form`}
          onSubmit={form.handleSubmit((body) => mutation.mutate({ jobId, body }))}
          noValidate
          className="grid gap-3"
        >
          <TextareaField
            form={form}
            id={`${id}-reason`}
            name="reason"
            label={COPY.appointment.reason}
            hint={COPY.appointment.reasonHint}
            rows={3}
            maxLength={500}
            testId="input-cancel-reason"
          />
          {errors.root?.server?.message && <FormError>{errors.root.server.message}</FormError>}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            {COPY.appointment.keep}
          </Button>
          <Button
            type="submit"
            form={`${id}-form`}
            variant="destructive"
            disabled={mutation.isPending}
            aria-busy={mutation.isPending}
            data-testid="button-confirm-cancel-appointment"
          >
            {mutation.isPending && <Spinner />}
            {COPY.appointment.confirmCancel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
