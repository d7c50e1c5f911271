import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { todayIn } from '@shared/dates';
import { rescheduleInput, type RescheduleInput } from '@shared/contracts/jobs';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { windowOnClock, zoneGenericName, type WallWindowInput } from '@/utils/zone-time';
import { useProposeReschedule } from '../api/propose-reschedule';
import { COPY } from '../copy';

type RescheduleFormValues = WallWindowInput;
/** What the resolver hands on: the contract's body, instants in UTC. */
type RescheduleBody = RescheduleInput;

const validateWindow = zodResolver(rescheduleInput);

/**
 * The three fields are a day and two times on `timeZone`'s clock; they become the contract's
 * instants, then the contract's own rules (end after start, at most 12 hours, in the future) apply,
 * their messages shown beside the field they name.
 */
const rescheduleResolver =
  (timeZone: string): Resolver<RescheduleFormValues, unknown, RescheduleBody> =>
  async (values, context, options): Promise<ResolverResult<RescheduleFormValues, RescheduleBody>> => {
    if ([values.date, values.start, values.end].some((part) => part.trim() === '')) {
      return {
        values: {},
        errors: { date: { type: 'incomplete', message: COPY.appointment.windowIncomplete } },
      };
    }
    const window = windowOnClock(values, timeZone) ?? { startsAt: '', endsAt: '' };
    const result = await validateWindow(
      window,
      context,
      options as unknown as Parameters<typeof validateWindow>[2],
    );
    const contractErrors = result.errors as FieldErrors<RescheduleBody>;
    if (!contractErrors.startsAt && !contractErrors.endsAt) {
      return { values: result.values as RescheduleBody, errors: {} };
    }
    const errors: FieldErrors<RescheduleFormValues> = {};
    if (contractErrors.startsAt)
      errors.start = { type: 'contract', message: contractErrors.startsAt.message };
    if (contractErrors.endsAt) errors.end = { type: 'contract', message: contractErrors.endsAt.message };
    return { values: {}, errors };
  };

/** "Propose a new time": a day and two times on the job's clock, sent as the contract's instants. */
export function RescheduleForm({
  jobId,
  timeZone,
  replacesPending,
  onDone,
}: {
  jobId: string;
  timeZone: string;
  replacesPending: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const form = useForm<RescheduleFormValues, unknown, RescheduleBody>({
    resolver: rescheduleResolver(timeZone),
    defaultValues: { date: '', start: '', end: '' },
  });
  const mutation = useProposeReschedule({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: COPY.appointment.proposedTitle, description: COPY.appointment.proposedDescription });
        onDone();
      },
      // 409 (the plumber is busy then) and 422 (outside his hours) name the problem: shown here.
      onError: (error) =>
        form.setError('root.server', {
          type: 'server',
          message: getErrorMessage(error, COPY.appointment.proposeFailure),
        }),
    },
  });
  const { errors } = form.formState;
  const hintId = `${id}-hint`;

  return (
    <form
      onSubmit={form.handleSubmit((window) => mutation.mutate({ jobId, window }))}
      noValidate
      aria-label={COPY.appointment.proposeHeading}
      aria-busy={mutation.isPending}
      className="grid gap-3 rounded-md border bg-muted/40 p-3 sm:p-4"
      data-testid="form-reschedule"
    >
      <p id={hintId} className="text-sm text-muted-foreground">
        {COPY.appointment.proposeHint(zoneGenericName(timeZone))}
        {replacesPending && ` ${COPY.appointment.replacesPending}`}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={`${id}-date`} label={COPY.appointment.date} error={errors.date}>
          {(describedBy) => (
            <Input
              id={`${id}-date`}
              type="date"
              min={todayIn(timeZone)}
              aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
              aria-invalid={errors.date ? true : undefined}
              data-testid="input-reschedule-date"
              {...form.register('date')}
            />
          )}
        </FormField>
        <FormField id={`${id}-start`} label={COPY.appointment.start} error={errors.start}>
          {(describedBy) => (
            <Input
              id={`${id}-start`}
              type="time"
              aria-describedby={describedBy}
              aria-invalid={errors.start ? true : undefined}
              data-testid="input-reschedule-start"
              {...form.register('start')}
            />
          )}
        </FormField>
        <FormField id={`${id}-end`} label={COPY.appointment.end} error={errors.end}>
          {(describedBy) => (
            <Input
              id={`${id}-end`}
              type="time"
              aria-describedby={describedBy}
              aria-invalid={errors.end ? true : undefined}
              data-testid="input-reschedule-end"
              {...form.register('end')}
            />
          )}
        </FormField>
      </div>
      {errors.root?.server?.message && <FormError>{errors.root.server.message}</FormError>}
      <FormActions
        pending={mutation.isPending}
        submitLabel={COPY.appointment.send}
        submitTestId="button-send-proposal"
        onCancel={onDone}
        cancelLabel={COPY.appointment.close}
      />
    </form>
  );
}
