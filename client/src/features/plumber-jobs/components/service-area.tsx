import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { updatePlumberLocationInput, type PlumberProfile } from '@shared/contracts/plumbers';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useUpdateServiceArea } from '../api/update-service-area';
import { COPY } from '../copy';
import { FormCard, InputField } from './form-card';

const ZIP_IN_ADDRESS = /(\d{5})(?!.*\d{5})/;
const radiusText = (radius: string) => String(Number(radius));

export function ServiceAreaSummary({ profile, onChange }: { profile: PlumberProfile; onChange: () => void }) {
  return (
    <p
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground"
      data-testid="text-service-area"
    >
      <span className="inline-flex items-center gap-1.5">
        <MapPin aria-hidden="true" className="size-4" />
        {COPY.serviceArea.summary(profile.currentAddress ?? '', radiusText(profile.serviceRadiusKm))}
      </span>
      <Button
        variant="link"
        className="h-auto p-0"
        onClick={onChange}
        data-testid="button-change-service-area"
      >
        {COPY.serviceArea.change}
      </Button>
    </p>
  );
}

/** Asks for the plumber's ZIP code and radius; the server geocodes the ZIP offline. */
export function ServiceAreaForm({
  profile,
  onDone,
  onCancel,
}: {
  profile: PlumberProfile;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm({
    resolver: zodResolver(updatePlumberLocationInput),
    defaultValues: {
      zip: ZIP_IN_ADDRESS.exec(profile.currentAddress ?? '')?.[1] ?? '',
      serviceRadiusKm: radiusText(profile.serviceRadiusKm),
    },
  });
  const mutation = useUpdateServiceArea({
    mutationConfig: {
      onSuccess: (saved) => {
        toast({
          title: COPY.serviceArea.successTitle,
          description: COPY.serviceArea.successDescription(saved.currentAddress ?? ''),
        });
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.serviceArea.failure),
        }),
    },
  });
  const { errors } = form.formState;

  return (
    <FormCard
      testId="card-service-area"
      heading={COPY.serviceArea.heading}
      intro={COPY.serviceArea.intro}
      pending={mutation.isPending}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      submitLabel={COPY.serviceArea.save}
      submitTestId="button-save-service-area"
      onCancel={onCancel}
      cancelLabel={COPY.serviceArea.cancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${id}-zip`}
          label={COPY.serviceArea.zip}
          error={errors.zip}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="78701"
          data-testid="input-service-zip"
          registration={form.register('zip')}
        />
        <InputField
          id={`${id}-radius`}
          label={COPY.serviceArea.radius}
          hint={COPY.serviceArea.radiusHint}
          error={errors.serviceRadiusKm}
          type="number"
          inputMode="decimal"
          min={1}
          max={200}
          step="any"
          data-testid="input-service-radius"
          registration={form.register('serviceRadiusKm')}
        />
      </div>
    </FormCard>
  );
}
