import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { updatePlumberLocationInput, type PlumberProfile } from '@shared/contracts/plumbers';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useUpdateServiceArea } from '../api/update-service-area';
import { COPY } from '../copy';

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
    <Card className="mt-8 max-w-xl" data-testid="card-service-area">
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`}>
          {COPY.serviceArea.heading}
        </CardTitle>
        <CardDescription>{COPY.serviceArea.intro}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-labelledby={`${id}-title`}
          aria-busy={mutation.isPending}
          onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
          className="grid gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-zip`} label={COPY.serviceArea.zip} error={errors.zip}>
              {(describedBy) => (
                <Input
                  id={`${id}-zip`}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={5}
                  placeholder="78701"
                  aria-invalid={errors.zip ? true : undefined}
                  aria-describedby={describedBy}
                  data-testid="input-service-zip"
                  {...form.register('zip')}
                />
              )}
            </FormField>
            <FormField
              id={`${id}-radius`}
              label={COPY.serviceArea.radius}
              hint={COPY.serviceArea.radiusHint}
              error={errors.serviceRadiusKm}
            >
              {(describedBy) => (
                <Input
                  id={`${id}-radius`}
                  type="number"
                  inputMode="decimal"
                  min={1}
                  max={200}
                  step="any"
                  aria-invalid={errors.serviceRadiusKm ? true : undefined}
                  aria-describedby={describedBy}
                  data-testid="input-service-radius"
                  {...form.register('serviceRadiusKm')}
                />
              )}
            </FormField>
          </div>
          <FormActions
            pending={mutation.isPending}
            submitLabel={COPY.serviceArea.save}
            submitTestId="button-save-service-area"
            onCancel={onCancel}
            cancelLabel={COPY.serviceArea.cancel}
          />
        </form>
      </CardContent>
    </Card>
  );
}
