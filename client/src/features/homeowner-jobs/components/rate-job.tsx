import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { createRatingInput, type CustomerJob } from '@shared/contracts/jobs';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Panel } from '@/components/ui/panel';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/utils/cn';
import { blankAsUndefined } from '@/utils/form-values';
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

/** Until a star is chosen the form asks for one in its own words; then the request's rule applies. */
const rateJobFormInput = createRatingInput.extend({
  stars: z.number({ error: COPY.rateChooseStars }).pipe(createRatingInput.shape.stars),
});

function RateJobForm({ jobId }: { jobId: string }) {
  const id = useId();
  const form = useForm({ resolver: zodResolver(rateJobFormInput) });
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
  const { errors } = form.formState;
  const error = errors.stars?.message ?? errors.comment?.message;

  return (
    <Panel headingId={`${id}-heading`} title={COPY.rateHeading}>
      <form
        onSubmit={form.handleSubmit((rating) => rateMutation.mutate({ jobId, ...rating }))}
        noValidate
        className="grid gap-3"
        data-testid="form-rate-job"
      >
        <Controller
          control={form.control}
          name="stars"
          render={({ field }) => (
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
                      ref={star === STARS[0] ? field.ref : undefined}
                      type="radio"
                      name={`${id}-stars`}
                      value={star}
                      checked={field.value === star}
                      onChange={() => field.onChange(star)}
                      onBlur={field.onBlur}
                      className="absolute inset-0 z-10 size-full cursor-pointer opacity-0"
                      aria-label={COPY.starLabel(star)}
                    />
                    <Star
                      aria-hidden="true"
                      className={cn(
                        'size-7',
                        star <= (field.value ?? 0) ? 'fill-current text-amber-500' : 'text-muted-foreground',
                      )}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
        <FormField id={`${id}-comment`} label={COPY.rateComment}>
          {(describedBy) => (
            <Textarea
              id={`${id}-comment`}
              placeholder={COPY.rateCommentPlaceholder}
              maxLength={2000}
              className="min-h-20"
              aria-describedby={describedBy}
              {...form.register('comment', {
                // A blank comment leaves it out of the request.
                setValueAs: blankAsUndefined,
              })}
            />
          )}
        </FormField>
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        <FormActions
          pending={rateMutation.isPending}
          submitLabel={COPY.rateSubmit}
          submitTestId="button-submit-rating"
        />
      </form>
    </Panel>
  );
}
