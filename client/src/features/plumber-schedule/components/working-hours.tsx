import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { todayIn } from '@shared/dates';
import {
  plumberAvailabilityInput,
  type PlumberAvailability,
  type PlumberAvailabilityInput,
} from '@shared/contracts/plumbers';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { formatCalendarDate, zoneGenericName } from '@/utils/zone-time';
import { useMyAvailability } from '../api/get-my-availability';
import { useSetMyAvailability } from '../api/set-my-availability';
import { COPY } from '../copy';

/** Monday first: the working week, then the weekend. */
const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const DEFAULT_RANGE = { start: '09:00', end: '17:00' };
const validate = zodResolver(plumberAvailabilityInput);

/**
 * A time input cannot show 24:00: the form shows an end at midnight as 00:00 and sends it as 24:00
 * (an end is never at the start of its own day).
 */
const shownEnd = (end: string) => (end === '24:00' ? '00:00' : end);
const sentEnd = (end: string) => (end === '00:00' ? '24:00' : end);
const formValuesOf = (availability: PlumberAvailability) => ({
  weeklyHours: availability.weeklyHours.map((range) => ({ ...range, end: shownEnd(range.end) })),
  daysOff: availability.daysOff,
});

/**
 * "Working hours": weekly ranges per weekday and days off (PUT /api/plumbers/me/availability), on the
 * plumber's own clock — the zone of its service area, which the availability answer names.
 */
export function WorkingHours() {
  const availability = useMyAvailability();
  let body;
  if (availability.isPending) {
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{COPY.hours.loading}</span>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  } else if (availability.isError) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p role="alert">{COPY.hours.failed}</p>
        <Button variant="outline" onClick={() => void availability.refetch()}>
          {COPY.retry}
        </Button>
      </div>
    );
  } else {
    body = <WorkingHoursForm saved={availability.data} />;
  }
  return (
    <section aria-labelledby="working-hours-heading" className="mt-10" data-testid="section-working-hours">
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle as="h2" id="working-hours-heading" className="text-xl sm:text-2xl">
            {COPY.hours.heading}
          </CardTitle>
          <CardDescription>
            {COPY.hours.intro}
            {availability.data && ` ${COPY.zoneHint(zoneGenericName(availability.data.timeZone))}`}
          </CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{body}</CardContent>
      </Card>
    </section>
  );
}

/** The first message among a form's errors, in field order. */
function firstMessage(errors: FieldErrors<PlumberAvailabilityInput>['weeklyHours']): string | undefined {
  if (!errors) return undefined;
  if (errors.message) return errors.message;
  if (errors.root?.message) return errors.root.message;
  return undefined;
}

function WorkingHoursForm({ saved }: { saved: PlumberAvailability }) {
  const id = useId();
  const form = useForm({
    resolver: (values: PlumberAvailabilityInput, context, options) =>
      validate(
        {
          ...values,
          weeklyHours: values.weeklyHours.map((range) => ({ ...range, end: sentEnd(range.end) })),
        },
        context,
        options,
      ),
    defaultValues: formValuesOf(saved),
  });
  // Controlled through setValue rather than useFieldArray: that hook would land in the form chunk
  // every page with a form loads (bench:web).
  const weeklyHours = useWatch({ control: form.control, name: 'weeklyHours' });
  const setHours = (next: PlumberAvailabilityInput['weeklyHours']) =>
    form.setValue('weeklyHours', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const setTime = (index: number, part: 'start' | 'end', value: string) =>
    setHours(weeklyHours.map((range, at) => (at === index ? { ...range, [part]: value } : range)));
  const daysOff = useWatch({ control: form.control, name: 'daysOff' });
  const [newDayOff, setNewDayOff] = useState('');
  const [dayOffError, setDayOffError] = useState<string | undefined>();
  const mutation = useSetMyAvailability({
    mutationConfig: {
      onSuccess: (next) => {
        form.reset(formValuesOf(next));
        toast({ title: COPY.hours.successTitle, description: COPY.hours.successDescription });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.hours.failure),
        }),
    },
  });
  const { errors } = form.formState;
  const today = todayIn(saved.timeZone);

  const addDayOff = () => {
    if (!newDayOff) {
      setDayOffError(COPY.hours.dayOffMissing);
      return;
    }
    setDayOffError(undefined);
    form.setValue('daysOff', [...new Set([...daysOff, newDayOff])].sort(), { shouldDirty: true });
    setNewDayOff('');
  };

  return (
    <form
      noValidate
      aria-labelledby="working-hours-heading"
      aria-busy={mutation.isPending}
      onSubmit={form.handleSubmit((availability) => mutation.mutate(availability))}
      className="grid gap-5"
    >
      <ul className="grid divide-y rounded-md border" data-testid="list-weekdays">
        {WEEKDAY_ORDER.map((weekday) => {
          const day = COPY.hours.weekdays[weekday];
          const ranges = weeklyHours
            .map((range, index) => ({ range, index }))
            .filter(({ range }) => range.weekday === weekday);
          const checkboxId = `${id}-day-${weekday}`;
          return (
            <li key={weekday} className="grid gap-2 px-3 py-2" data-testid={`row-weekday-${weekday}`}>
              <div className="flex items-center gap-3">
                <input
                  id={checkboxId}
                  type="checkbox"
                  className="size-5 shrink-0 rounded accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  checked={ranges.length > 0}
                  onChange={(event) => {
                    if (event.target.checked) setHours([...weeklyHours, { weekday, ...DEFAULT_RANGE }]);
                    else setHours(weeklyHours.filter((range) => range.weekday !== weekday));
                  }}
                  data-testid={`checkbox-weekday-${weekday}`}
                />
                <label htmlFor={checkboxId} className="min-w-24 font-medium">
                  {day}
                </label>
                {ranges.length === 0 && (
                  <span className="text-sm text-muted-foreground">{COPY.hours.off}</span>
                )}
              </div>
              {ranges.map(({ range, index }, position) => {
                const rangeErrors = errors.weeklyHours?.[index];
                const message =
                  rangeErrors?.start?.message ?? rangeErrors?.end?.message ?? rangeErrors?.message;
                const errorId = message ? `${id}-range-${index}-error` : undefined;
                return (
                  <div
                    key={index}
                    role="group"
                    aria-label={COPY.hours.rangeLabel(day, position + 1)}
                    className="grid gap-1 sm:pl-8"
                  >
                    <div className="flex flex-wrap items-end gap-2">
                      <div className="grid gap-1">
                        <Label htmlFor={`${id}-range-${index}-start`} className="text-xs">
                          {COPY.hours.from}
                        </Label>
                        <Input
                          id={`${id}-range-${index}-start`}
                          type="time"
                          className="w-32"
                          aria-invalid={rangeErrors?.start || rangeErrors?.message ? true : undefined}
                          aria-describedby={errorId}
                          value={range.start}
                          onChange={(event) => setTime(index, 'start', event.target.value)}
                        />
                      </div>
                      <div className="grid gap-1">
                        <Label htmlFor={`${id}-range-${index}-end`} className="text-xs">
                          {COPY.hours.to}
                        </Label>
                        <Input
                          id={`${id}-range-${index}-end`}
                          type="time"
                          className="w-32"
                          aria-invalid={rangeErrors?.end || rangeErrors?.message ? true : undefined}
                          aria-describedby={errorId}
                          value={range.end}
                          onChange={(event) => setTime(index, 'end', event.target.value)}
                        />
                      </div>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={COPY.hours.removeRangeLabel(day, range.start, range.end)}
                        onClick={() => setHours(weeklyHours.filter((_, at) => at !== index))}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </div>
                    {message && (
                      <p id={errorId} className="text-sm font-medium text-destructive">
                        {message}
                      </p>
                    )}
                  </div>
                );
              })}
              {ranges.length > 0 && (
                <Button
                  variant="link"
                  className="h-auto justify-self-start p-0 sm:pl-8"
                  aria-label={COPY.hours.addRangeLabel(day)}
                  onClick={() => {
                    const last = ranges[ranges.length - 1].range;
                    // The next range starts where the last one ends, so a split day takes one tap.
                    setHours([
                      ...weeklyHours,
                      { weekday, start: last.end === '00:00' ? '23:00' : last.end, end: '00:00' },
                    ]);
                  }}
                >
                  <Plus aria-hidden="true" />
                  {COPY.hours.addRange}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {firstMessage(errors.weeklyHours) && <FormError>{firstMessage(errors.weeklyHours)}</FormError>}

      <fieldset className="grid gap-3">
        <legend className="font-medium">{COPY.hours.daysOff}</legend>
        <p className="text-sm text-muted-foreground">{COPY.hours.daysOffHint}</p>
        {daysOff.length === 0 ? (
          <p className="text-sm" data-testid="text-no-days-off">
            {COPY.hours.noDaysOff}
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="list-days-off">
            {daysOff.map((day) => (
              <li
                key={day}
                className="inline-flex items-center gap-1 rounded-md border bg-muted/40 py-1 pl-3 pr-1 text-sm"
              >
                {formatCalendarDate(day)}
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={COPY.hours.removeDayOffLabel(formatCalendarDate(day))}
                  onClick={() =>
                    form.setValue(
                      'daysOff',
                      daysOff.filter((other) => other !== day),
                      { shouldDirty: true },
                    )
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {errors.daysOff?.message && <FormError>{errors.daysOff.message}</FormError>}
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-day-off`} className="text-xs">
              {COPY.hours.dayOffDate}
            </Label>
            <Input
              id={`${id}-day-off`}
              type="date"
              min={today}
              className="w-44"
              value={newDayOff}
              aria-invalid={dayOffError ? true : undefined}
              aria-describedby={dayOffError ? `${id}-day-off-error` : undefined}
              onChange={(event) => setNewDayOff(event.target.value)}
              data-testid="input-day-off"
            />
          </div>
          <Button variant="outline" onClick={addDayOff} data-testid="button-add-day-off">
            <Plus aria-hidden="true" />
            {COPY.hours.addDayOff}
          </Button>
        </div>
        {dayOffError && (
          <p id={`${id}-day-off-error`} className="text-sm font-medium text-destructive">
            {dayOffError}
          </p>
        )}
      </fieldset>

      <FormActions
        pending={mutation.isPending}
        submitLabel={COPY.hours.save}
        submitTestId="button-save-working-hours"
      />
    </form>
  );
}
