import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, MapPin, ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { BookingHandover } from '@shared/booking-handover';
import { SERVICE_TYPES, URGENCIES } from '@shared/constants';
import { todayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import type { CurrentUser } from '@shared/contracts/auth';
import { BOOKING_MESSAGES, createServiceRequestInput, type BookingResult } from '@shared/contracts/booking';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCreateServiceRequest } from '../api/create-service-request';
import { COPY, INFO_TILES, URGENCY_OPTION_LABELS } from '../copy';
import { describeBookingFailure } from '../utils/booking-errors';
import { TimeSlotPicker } from './time-slot-picker';

/**
 * The server's contract, plus what needs the clock: no past dates. "Today" is the app's (its
 * time zone), as on the server, not the visitor's.
 */
const makeBookingFormSchema = (timeZone: string) =>
  createServiceRequestInput.extend({
    preferredDate: createServiceRequestInput.shape.preferredDate.refine((date) => date >= todayIn(timeZone), {
      error: BOOKING_MESSAGES.preferredDatePast,
    }),
  });
type BookingFormInput = z.input<ReturnType<typeof makeBookingFormSchema>>;

function initialValues(
  user: CurrentUser | null | undefined,
  handover: BookingHandover = {},
): BookingFormInput {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    address: '',
    // Undefined until chosen: the select shows its placeholder, the schema says 'Service type is required'.
    serviceType: handover.serviceType as BookingFormInput['serviceType'],
    urgency: handover.urgency ?? 'routine',
    preferredDate: '',
    description: handover.description ?? '',
    slotId: undefined,
    issueSlug: handover.issueSlug,
    // Hidden, like issueSlug: the job a logged-in homeowner posts gets the diagnosis' photos.
    diagnosisId: handover.diagnosisId,
  };
}

export interface BookingFormProps {
  /** The logged-in user (prefills e-mail, name, phone), null for a guest, undefined while loading. */
  user: CurrentUser | null | undefined;
  /** A diagnosis handed over from /diagnose (prefills service type, urgency, description). */
  handover?: BookingHandover;
  onBooked?: (result: BookingResult) => void;
  /** The app's time zone (`timeZone` of GET /api/config/public); dates and slot times are its. */
  timeZone?: string;
}

export function BookingForm({
  user,
  handover,
  onBooked,
  timeZone = DEFAULT_APP_TIME_ZONE,
}: BookingFormProps) {
  const today = useMemo(() => todayIn(timeZone), [timeZone]);
  const schema = useMemo(() => makeBookingFormSchema(timeZone), [timeZone]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: initialValues(user, handover),
  });
  /** A refusal that says what to do next (the day's booking cap): stays until the next attempt. */
  const [refusal, setRefusal] = useState<string>();
  const { errors } = form.formState;
  const preferredDate = useWatch({ control: form.control, name: 'preferredDate' });

  // The user may arrive after the first render: fill what the visitor has not typed yet.
  useEffect(() => {
    if (!user) return;
    const fills = { email: user.email, name: user.name, phone: user.phone } as const;
    for (const [field, value] of Object.entries(fills) as [keyof typeof fills, string | null][]) {
      if (value && !form.getValues(field)) form.setValue(field, value);
    }
  }, [user, form]);

  const booking = useCreateServiceRequest({
    mutationConfig: {
      onSuccess: (result) => {
        setRefusal(undefined);
        toast({
          title: COPY.successTitle,
          description: result.confirmationRequired ? (
            <>
              <span className="block">{COPY.successDescription}</span>
              <span className="mt-1 block font-medium">{COPY.confirmByEmail(result.email)}</span>
            </>
          ) : (
            COPY.successDescription
          ),
        });
        form.reset(initialValues(user));
        onBooked?.(result);
      },
      onError: (error) => {
        const failure = describeBookingFailure(error, COPY.failureDescription);
        if (failure.kind === 'field') {
          form.setError(failure.path, { type: 'server', message: failure.message }, { shouldFocus: true });
          return;
        }
        if (failure.clearSlot) form.setValue('slotId', undefined);
        setRefusal(failure.keep ? failure.message : undefined);
        toast({ variant: 'destructive', title: COPY.failureTitle, description: failure.message });
      },
    },
  });
  const pending = booking.isPending;

  return (
    <form
      noValidate
      aria-busy={pending}
      onSubmit={form.handleSubmit((values) => {
        setRefusal(undefined);
        booking.mutate(values);
      })}
      className="grid gap-6"
      data-testid="booking-form"
    >
      <Card>
        <CardContent className="grid gap-8 p-4 pt-6 sm:p-6">
          <section aria-labelledby="booking-contact-heading" className="grid gap-4">
            <h2 id="booking-contact-heading" className="text-xl font-semibold tracking-tight">
              {COPY.contactHeading}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                className="content-start"
                id="booking-name"
                label={COPY.labels.name}
                error={errors.name}
              >
                {(describedBy) => (
                  <Input
                    id="booking-name"
                    autoComplete="name"
                    placeholder={COPY.placeholders.name}
                    aria-invalid={errors.name ? true : undefined}
                    aria-describedby={describedBy}
                    data-testid="input-name"
                    {...form.register('name')}
                  />
                )}
              </FormField>
              <FormField
                className="content-start"
                id="booking-phone"
                label={COPY.labels.phone}
                error={errors.phone}
              >
                {(describedBy) => (
                  <Input
                    id="booking-phone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    placeholder={COPY.placeholders.phone}
                    aria-invalid={errors.phone ? true : undefined}
                    aria-describedby={describedBy}
                    data-testid="input-phone"
                    {...form.register('phone')}
                  />
                )}
              </FormField>
              <FormField
                className="content-start"
                id="booking-email"
                label={COPY.labels.email}
                error={errors.email}
              >
                {(describedBy) => (
                  <Input
                    id="booking-email"
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder={COPY.placeholders.email}
                    aria-invalid={errors.email ? true : undefined}
                    aria-describedby={describedBy}
                    data-testid="input-email"
                    {...form.register('email')}
                  />
                )}
              </FormField>
              <FormField
                className="content-start"
                id="booking-address"
                label={COPY.labels.address}
                hint={COPY.addressHint}
                error={errors.address}
              >
                {(describedBy) => (
                  <Input
                    id="booking-address"
                    autoComplete="street-address"
                    placeholder={COPY.placeholders.address}
                    aria-invalid={errors.address ? true : undefined}
                    aria-describedby={describedBy}
                    data-testid="input-address"
                    {...form.register('address')}
                  />
                )}
              </FormField>
            </div>
          </section>

          <section aria-labelledby="booking-details-heading" className="grid gap-4">
            <h2 id="booking-details-heading" className="text-xl font-semibold tracking-tight">
              {COPY.detailsHeading}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                className="content-start"
                control={form.control}
                name="serviceType"
                id="booking-service-type"
                label={COPY.labels.serviceType}
                placeholder={COPY.placeholders.serviceType}
                options={SERVICE_TYPES.map((serviceType) => ({ value: serviceType, label: serviceType }))}
                data-testid="select-service-type"
              />
              <SelectField
                className="content-start"
                control={form.control}
                name="urgency"
                id="booking-urgency"
                label={COPY.labels.urgency}
                options={URGENCIES.map((urgency) => ({
                  value: urgency,
                  label: URGENCY_OPTION_LABELS[urgency],
                }))}
                data-testid="select-urgency"
              />
              <FormField
                className="content-start"
                id="booking-date"
                label={COPY.labels.preferredDate}
                error={errors.preferredDate}
              >
                {(describedBy) => (
                  <Input
                    id="booking-date"
                    type="date"
                    min={today}
                    aria-invalid={errors.preferredDate ? true : undefined}
                    aria-describedby={describedBy}
                    data-testid="input-date"
                    {...form.register('preferredDate', {
                      // docs/product.md#screens-and-routes: changing the date clears the chosen slot.
                      onChange: () => form.setValue('slotId', undefined),
                    })}
                  />
                )}
              </FormField>
            </div>

            <Controller
              control={form.control}
              name="slotId"
              render={({ field, fieldState }) => (
                <TimeSlotPicker
                  date={preferredDate}
                  value={field.value}
                  onChange={(slotId) => {
                    field.onChange(slotId);
                    form.clearErrors('slotId');
                  }}
                  error={fieldState.error?.message}
                />
              )}
            />

            <FormField
              className="content-start"
              id="booking-description"
              label={COPY.labels.description}
              error={errors.description}
            >
              {(describedBy) => (
                <Textarea
                  id="booking-description"
                  rows={5}
                  placeholder={COPY.placeholders.description}
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby={describedBy}
                  data-testid="input-description"
                  {...form.register('description')}
                />
              )}
            </FormField>
          </section>
        </CardContent>
      </Card>

      <InfoTiles />

      {refusal && (
        <p
          className="rounded-md border border-destructive/40 p-4 text-sm text-destructive"
          data-testid="booking-refused"
        >
          {refusal}
        </p>
      )}

      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={pending}
        aria-busy={pending}
        data-testid="button-submit-booking"
      >
        {pending && <Spinner />}
        {pending ? COPY.submitting : COPY.submit}
      </Button>
    </form>
  );
}

const TILE_ICONS = { confirmation: Clock, licensed: ShieldCheck, local: MapPin } as const;

function InfoTiles() {
  return (
    <ul className="grid gap-3 sm:grid-cols-3" aria-label="Why book with us">
      {INFO_TILES.map((tile) => {
        const Icon = TILE_ICONS[tile.key];
        return (
          <li
            key={tile.key}
            className="flex items-start gap-3 rounded-lg border bg-card p-4 text-card-foreground"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="grid gap-0.5">
              <span className="text-sm font-semibold">{tile.title}</span>
              <span className="text-sm text-muted-foreground">{tile.text}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
