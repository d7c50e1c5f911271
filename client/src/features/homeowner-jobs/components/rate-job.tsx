import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { CustomerJob } from '@shared/marketplace';
import { createRatingInput } from '@shared/validators/ratings';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/utils/cn';
import { useRateJob } from '../api/rate-job';
import { COPY } from '../copy';

const STARS = [1, 2, 3, 4, 5] as const;

/** A completed job: the homeowner's rating, or the form to give it (once). */
export function RateJob({ job }: { job: CustomerJob }) {
  if (job.rating) {
    return (
      <div className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="text-your-rating">
        <p className="flex items-center gap-2">
          <span className="font-medium">{COPY.yourRating}:</span>
          <StarRow value={job.rating.stars} />
          <span className="sr-only">{COPY.starLabel(job.rating.stars)}</span>
        </p>
        {job.rating.comment && <p className="mt-1 break-words text-muted-foreground">{job.rating.comment}</p>}
      </div>
    );
  }
  return <RateJobForm jobId={job.id} />;
}

function StarRow({ value }: { value: number }) {
  return (
    <span aria-hidden="true" className="inline-flex">
      {STARS.map((star) => (
        <Star
          key={star}
          className={cn('size-4', star <= value ? 'fill-current text-amber-500' : 'text-muted-foreground')}
        />
      ))}
    </span>
  );
}

function RateJobForm({ jobId }: { jobId: string }) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const rateMutation = useRateJob({
    mutationConfig: {
      onSuccess: () => toast({ title: COPY.rateSuccessTitle, description: COPY.rateSuccessDescription }),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(failure, COPY.rateFailure),
        }),
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createRatingInput.safeParse({ stars, comment: comment.trim() || undefined });
    if (!parsed.success) {
      setError(stars === 0 ? COPY.rateChooseStars : (parsed.error.issues[0]?.message ?? COPY.rateFailure));
      return;
    }
    setError(null);
    rateMutation.mutate({ jobId, ...parsed.data });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border bg-muted/40 p-3 sm:p-4"
      aria-labelledby={`${id}-heading`}
      data-testid="form-rate-job"
    >
      <h4 id={`${id}-heading`} className="text-sm font-semibold">
        {COPY.rateHeading}
      </h4>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">{COPY.rateStars}</legend>
        <div className="flex gap-1">
          {STARS.map((star) => (
            <label
              key={star}
              className="relative rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              {/* The radio covers its star, invisible: the star is what people see and click. */}
              <input
                type="radio"
                name={`${id}-stars`}
                value={star}
                checked={stars === star}
                onChange={() => setStars(star)}
                className="absolute inset-0 z-10 size-full cursor-pointer opacity-0"
                aria-label={COPY.starLabel(star)}
              />
              <Star
                aria-hidden="true"
                className={cn(
                  'size-7',
                  star <= stars ? 'fill-current text-amber-500' : 'text-muted-foreground',
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-comment`}>{COPY.rateComment}</Label>
        <Textarea
          id={`${id}-comment`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder={COPY.rateCommentPlaceholder}
          maxLength={2000}
          className="min-h-20"
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button
          type="submit"
          disabled={rateMutation.isPending}
          aria-busy={rateMutation.isPending}
          data-testid="button-submit-rating"
        >
          {rateMutation.isPending && <Spinner />}
          {COPY.rateSubmit}
        </Button>
      </div>
    </form>
  );
}
