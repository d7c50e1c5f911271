import { useId, useState, type FormEvent } from 'react';
import { formatUsdRange } from '@shared/job-display';
import type { NearbyJob } from '@shared/marketplace';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useCreateQuote } from '../api/create-quote';
import { COPY } from '../copy';

/**
 * The inline quote form (docs/product.md §2, §5): numeric Min Price and Max Price, 'Submit Quote' disabled
 * unless both are filled or while pending, and Cancel. The server checks min ≤ max and answers
 * with the message shown in the error toast.
 */
export function QuoteForm({ job, onDone }: { job: NearbyJob; onDone: () => void }) {
  const id = useId();
  const [minTotal, setMinTotal] = useState('');
  const [maxTotal, setMaxTotal] = useState('');
  const [note, setNote] = useState('');
  const mutation = useCreateQuote({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: COPY.quoteForm.successTitle, description: COPY.quoteForm.successDescription });
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.quoteForm.failure),
        }),
    },
  });
  const filled = minTotal.trim() !== '' && maxTotal.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled || mutation.isPending) return;
    const trimmedNote = note.trim();
    mutation.mutate({
      jobId: job.id,
      minTotal,
      maxTotal,
      ...(trimmedNote ? { breakdownJson: { note: trimmedNote } } : {}),
    });
  };

  return (
    <form
      onSubmit={submit}
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
        <div className="grid gap-2">
          <Label htmlFor={`${id}-min`}>{COPY.quoteForm.minPrice}</Label>
          <Input
            id={`${id}-min`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder={`e.g. ${job.estimate?.min ?? 150}`}
            value={minTotal}
            onChange={(event) => setMinTotal(event.target.value)}
            data-testid="input-min-price"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-max`}>{COPY.quoteForm.maxPrice}</Label>
          <Input
            id={`${id}-max`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder={`e.g. ${job.estimate?.max ?? 300}`}
            value={maxTotal}
            onChange={(event) => setMaxTotal(event.target.value)}
            data-testid="input-max-price"
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>{COPY.quoteForm.note}</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder={COPY.quoteForm.notePlaceholder}
          maxLength={1000}
          className="min-h-16"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          disabled={!filled || mutation.isPending}
          aria-busy={mutation.isPending}
          data-testid="button-submit-quote"
        >
          {mutation.isPending && <Spinner />}
          {COPY.quoteForm.submit}
        </Button>
        <Button
          variant="outline"
          onClick={onDone}
          disabled={mutation.isPending}
          data-testid="button-cancel-quote"
        >
          {COPY.quoteForm.cancel}
        </Button>
      </div>
    </form>
  );
}
