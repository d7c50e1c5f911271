import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { NearbyJob } from '@shared/contracts/jobs';
import { createQuoteInput, type CreateQuoteInput } from '@shared/contracts/quotes';
import { formatUsdRange } from '@shared/money';
import { AmountInput } from '@/components/ui/amount-input';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { blankAsUndefined } from '@/utils/form-values';
import { useCreateQuote } from '../api/create-quote';
import { COPY } from '../copy';

/**
 * The inline quote form (docs/product.md §2 "Dashboard"): numeric Min Price and Max Price, 'Submit Quote' disabled
 * unless both are filled or while pending, and Cancel. The request's own rules (min ≤ max among them)
 * are checked before sending; a broken one is shown in the error toast, as the server's answer is.
 */
export function QuoteForm({ job, onDone }: { job: NearbyJob; onDone: () => void }) {
  const id = useId();
  const form = useForm({
    resolver: zodResolver(createQuoteInput),
    defaultValues: { jobId: job.id, minTotal: '', maxTotal: '' },
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
      onError: (error) => showError(getErrorMessage(error, COPY.quoteForm.failure)),
    },
  });
  // The first broken rule in field order, like the server's answer.
  const showFirstError = (errors: FieldErrors<CreateQuoteInput>) =>
    showError(Object.values(errors).find((error) => error?.message)?.message ?? COPY.quoteForm.failure);

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
