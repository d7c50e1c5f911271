import { Controller } from 'react-hook-form';
import { DIAGNOSIS_LOCATIONS, URGENCIES } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { COPY, LOCATION_LABELS, URGENCY_LABELS, WIZARD_STEPS } from '../copy';
import { StepHeading } from './step-heading';
import type { DiagnosisForm } from './wizard-form';

export function DetailsStep({
  form,
  focusOnMount,
  pending,
  serverMessage,
  onBack,
}: {
  form: DiagnosisForm;
  focusOnMount: boolean;
  pending: boolean;
  /** The server's explanation of a failed request (too many requests, a photo refused …), if any. */
  serverMessage?: string;
  onBack: () => void;
}) {
  return (
    <div className="grid gap-6">
      <StepHeading
        focusOnMount={focusOnMount}
        description="Where is the problem, and how soon do you need help?"
      >
        {WIZARD_STEPS[2]}
      </StepHeading>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="location"
          id="diagnosis-location"
          label="Location"
          options={DIAGNOSIS_LOCATIONS.map((location) => ({
            value: location,
            label: LOCATION_LABELS[location],
          }))}
          disabled={pending}
          data-testid="select-location"
        />
        <SelectField
          control={form.control}
          name="urgency"
          id="diagnosis-urgency"
          label="Urgency"
          options={URGENCIES.map((urgency) => ({
            value: urgency,
            label: `${URGENCY_LABELS[urgency].name} - ${URGENCY_LABELS[urgency].hint}`,
          }))}
          disabled={pending}
          data-testid="select-urgency"
        />
      </div>

      <Controller
        control={form.control}
        name="zip"
        render={({ field, fieldState }) => {
          const describedBy = fieldState.error
            ? 'diagnosis-zip-hint diagnosis-zip-error'
            : 'diagnosis-zip-hint';
          return (
            <div className="grid gap-2 sm:max-w-[calc(50%-0.5rem)]">
              <Label htmlFor="diagnosis-zip">ZIP code (optional)</Label>
              <Input
                id="diagnosis-zip"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={10}
                placeholder="e.g. 60614"
                disabled={pending}
                aria-invalid={fieldState.error ? true : undefined}
                aria-describedby={describedBy}
                data-testid="input-zip"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                // An empty field means "no ZIP" (national prices), not an invalid one.
                onChange={(event) =>
                  field.onChange(event.target.value.trim() === '' ? undefined : event.target.value)
                }
              />
              <p id="diagnosis-zip-hint" className="text-xs text-muted-foreground">
                Prices the estimate for your area; without it we use national averages.
              </p>
              {fieldState.error?.message && (
                <p id="diagnosis-zip-error" className="text-sm font-medium text-destructive">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          );
        }}
      />

      {serverMessage && (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="text-diagnosis-error">
          {serverMessage}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={pending} data-testid="button-back">
          Back
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending} data-testid="button-submit-diagnosis">
          {pending && <Spinner />}
          {pending ? COPY.submitting : COPY.submit}
        </Button>
      </div>
    </div>
  );
}
