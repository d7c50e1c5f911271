import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { todayIn } from '@shared/dates';
import { formatWindowOnClock } from '@shared/time-display';
import type { NearbyJob } from '@shared/contracts/jobs';
import { createQuoteInput, type CreateQuoteData, type CreateQuoteInput } from '@shared/contracts/quotes';
import { formatUsdRange } from '@shared/money';
import { AmountInput } from '@/components/ui/amount-input';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { wallWindowOf, windowOnClock, zoneGenericName, type WallWindowInput } from '@/utils/zone-time';
import { blankAsUndefined } from '@/utils/form-values';
import { useCreateQuote } from '../api/create-quote';
import { COPY } from '../copy';

type QuoteFormValues = CreateQuoteInput & {
  /** The optional appointment as entered: a day and two times on the job's clock. */
  window: WallWindowInput;
};

const validateQuote = zodResolver(createQuoteInput);
const EMPTY_WINDOW: WallWindowInput = { date: '', start: '', end: '' };
/** The server's answers about the window (docs/decisions/029-appointments.md): shown beside it. */
const WINDOW_ERROR_CODES = new Set(['APPOINTMENT_UNAVAILABLE', 'APPOINTMENT_CONFLICT']);

/**
 * The window's three fields become the request's `appointment` (instants) on `timeZone`'s clock:
 * all empty leaves it out, all filled converts it, anything between is refused here.
 */
const quoteResolver =
  (timeZone: string): Resolver<QuoteFormValues, unknown, CreateQuoteData> =>
  async (values, context, options) => {
    const { window, ...quote } = values;
    const filled = [window.date, window.start, window.end].filter((part) => part.trim() !== '').length;
    if (filled > 0 && filled < 3) {
      return {
        values: {},
        errors: { window: { type: 'incomplete', message: COPY.quoteForm.windowIncomplete } },
      };
    }
    // A malformed part cannot come from the date and time inputs; the contract names it if it does.
    const appointment =
      filled === 3 ? (windowOnClock(window, timeZone) ?? { startsAt: '', endsAt: '' }) : undefined;
    const result = await validateQuote(
      { ...quote, appointment },
      context,
      options as unknown as Parameters<typeof validateQuote>[2],
    );
    return result as Awaited<ReturnType<Resolver<QuoteFormValues, unknown, CreateQuoteData>>>;
  };

/** The homeowner's requested window as the form's fields, when it is still ahead. */
function requestedFields(job: NearbyJob, timeZone: string): WallWindowInput {
  const requested = job.requestedWindow;
  if (!requested || Date.parse(requested.startsAt) <= Date.now()) return EMPTY_WINDOW;
  return wallWindowOf(requested, timeZone);
}

/**
 * The inline quote form (docs/product.md#screens-and-routes "Dashboard"): numeric Min Price and Max Price, 'Submit Quote' disabled
 * unless both are filled or while pending, and Cancel. The request's own rules (min ≤ max among them)
 * are checked before sending; a broken one is shown in the error toast, as the server's answer is.
 * An optional appointment window (a date and two times on the job's clock — where the plumber
 * will be — prefilled with the homeowner's requested one) is sent as instants; the server's refusals
 * of it show beside it.
 */
export function QuoteForm({ job, onDone }: { job: NearbyJob; onDone: () => void }) {
  const { timeZone } = job;
  const id = useId();
  const form = useForm<QuoteFormValues, unknown, CreateQuoteData>({
    resolver: quoteResolver(timeZone),
    defaultValues: { jobId: job.id, minTotal: '', maxTotal: '', window: requestedFields(job, timeZone) },
  });
  const [minTotal, maxTotal] = useWatch({ control: form.control, name: ['minTotal', 'maxTotal'] });
  const filled = String(minTotal).trim() !== '' && String(maxTotal).trim() !== '';
  const showError = (message: string) =>
    toast({ variant: 'destructive', title: COPY.errorTitle, description: message });
  const mutation = useCreateQuote({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: COPY.quoteForm.successTitle, description: COPY.quoteForm.successDescription });
        onDone();
      },
      onError: (error) => {
        const message = getErrorMessage(error, COPY.quoteForm.failure);
        if (isApiError(error) && error.code && WINDOW_ERROR_CODES.has(error.code)) {
          form.setError('window', { type: 'server', message });
        } else {
          showError(message);
        }
      },
    },
  });
  // The first broken rule in field order, like the server's answer; the window's own show beside it.
  const showFirstError = (errors: FieldErrors<QuoteFormValues>) => {
    const { window, appointment, ...priceErrors } = errors;
    const message = Object.values(priceErrors).find((error) => error?.message)?.message;
    if (message || (!window && !appointment)) showError(message ?? COPY.quoteForm.failure);
  };
  const { errors } = form.formState;
  const windowError =
    errors.window?.message ?? errors.appointment?.startsAt?.message ?? errors.appointment?.endsAt?.message;
  const windowErrorId = windowError ? `${id}-window-error` : undefined;
  const windowHintId = `${id}-window-hint`;
  const windowDescribedBy = [windowHintId, windowErrorId].filter(Boolean).join(' ');
  const requested = job.requestedWindow;

  return (
    <form
      onSubmit={form.handleSubmit((quote) => mutation.mutate(quote), showFirstError)}
      noValidate
      aria-label={COPY.quoteForm.heading}
      aria-busy={mutation.isPending}
      className="grid gap-3 rounded-md border bg-muted/40 p-3 sm:p-4"
      data-testid="form-quote"
    >
      {job.estimate && (
        <p className="text-sm" data-testid="text-estimate-guide">
          {COPY.quoteForm.guide(formatUsdRange(job.estimate.min, job.estimate.max))}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-min`} label={COPY.quoteForm.minPrice}>
          {(describedBy) => (
            <AmountInput
              id={`${id}-min`}
              placeholder={`e.g. ${job.estimate?.min ?? 150}`}
              aria-describedby={describedBy}
              data-testid="input-min-price"
              {...form.register('minTotal')}
            />
          )}
        </FormField>
        <FormField id={`${id}-max`} label={COPY.quoteForm.maxPrice}>
          {(describedBy) => (
            <AmountInput
              id={`${id}-max`}
              placeholder={`e.g. ${job.estimate?.max ?? 300}`}
              aria-describedby={describedBy}
              data-testid="input-max-price"
              {...form.register('maxTotal')}
            />
          )}
        </FormField>
      </div>
      <FormField id={`${id}-note`} label={COPY.quoteForm.note}>
        {(describedBy) => (
          <Textarea
            id={`${id}-note`}
            placeholder={COPY.quoteForm.notePlaceholder}
            maxLength={1000}
            className="min-h-16"
            aria-describedby={describedBy}
            {...form.register('breakdownJson', {
              // A blank note leaves the breakdown out of the request.
              setValueAs: blankAsUndefined,
            })}
          />
        )}
      </FormField>
      <fieldset className="grid gap-2" data-testid="fieldset-appointment-window">
        <legend className="mb-1 text-sm font-medium">{COPY.quoteForm.window}</legend>
        <p id={windowHintId} className="text-xs text-muted-foreground">
          {requested && `${COPY.quoteForm.windowRequested(formatWindowOnClock(requested, timeZone))} `}
          {COPY.quoteForm.windowHint(zoneGenericName(timeZone))}
        </p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <FormField
            id={`${id}-window-date`}
            label={COPY.quoteForm.windowDate}
            className="col-span-2 sm:col-span-1"
          >
            {() => (
              <Input
                id={`${id}-window-date`}
                type="date"
                min={todayIn(timeZone)}
                aria-invalid={windowError ? true : undefined}
                aria-describedby={windowDescribedBy}
                data-testid="input-window-date"
                {...form.register('window.date')}
              />
            )}
          </FormField>
          <FormField id={`${id}-window-start`} label={COPY.quoteForm.windowStart}>
            {() => (
              <Input
                id={`${id}-window-start`}
                type="time"
                aria-invalid={windowError ? true : undefined}
                aria-describedby={windowDescribedBy}
                data-testid="input-window-start"
                {...form.register('window.start')}
              />
            )}
          </FormField>
          <FormField id={`${id}-window-end`} label={COPY.quoteForm.windowEnd}>
            {() => (
              <Input
                id={`${id}-window-end`}
                type="time"
                aria-invalid={windowError ? true : undefined}
                aria-describedby={windowDescribedBy}
                data-testid="input-window-end"
                {...form.register('window.end')}
              />
            )}
          </FormField>
        </div>
        {windowError && (
          <div id={windowErrorId} data-testid="text-window-error">
            <FormError>{windowError}</FormError>
          </div>
        )}
      </fieldset>
      <FormActions
        pending={mutation.isPending}
        submitDisabled={!filled}
        submitLabel={COPY.quoteForm.submit}
        cancelLabel={COPY.quoteForm.cancel}
        onCancel={onDone}
        submitTestId="button-submit-quote"
        cancelTestId="button-cancel-quote"
      />
    </form>
  );
}
