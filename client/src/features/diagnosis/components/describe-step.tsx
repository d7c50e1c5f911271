import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Button } from '@/components/ui/button';
import { QUICK_FILLS, WIZARD_STEPS } from '../copy';
import { StepHeading } from './step-heading';
import type { DiagnosisForm } from './wizard-form';

export function DescribeStep({
  form,
  focusOnMount,
  onNext,
}: {
  form: DiagnosisForm;
  focusOnMount: boolean;
  onNext: () => void;
}) {
  const error = form.formState.errors.description;
  const quickFill = (text: string) => {
    form.setValue('description', text, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted || !!error,
    });
    form.setFocus('description');
  };

  return (
    <div className="grid gap-6">
      <StepHeading
        focusOnMount={focusOnMount}
        description="Tell us what is happening: what you see or hear, where it is and when it started."
      >
        {WIZARD_STEPS[0]}
      </StepHeading>

      <div className="grid gap-2">
        <p id="quick-fill-label" className="text-sm font-medium">
          Common issues
        </p>
        <div
          role="group"
          aria-labelledby="quick-fill-label"
          className="grid grid-cols-2 gap-2 sm:grid-cols-3"
        >
          {QUICK_FILLS.map((text) => (
            <Button
              key={text}
              variant="outline"
              size="sm"
              className="h-auto min-h-10 justify-start whitespace-normal py-2 text-left"
              onClick={() => quickFill(text)}
            >
              {text}
            </Button>
          ))}
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="diagnosis-description">Describe your plumbing issue</Label>
        <Textarea
          id="diagnosis-description"
          rows={5}
          placeholder="e.g. Water is dripping under the kitchen sink and the cabinet floor is soaked."
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? 'diagnosis-description-hint diagnosis-description-error' : 'diagnosis-description-hint'
          }
          data-testid="input-description"
          {...form.register('description')}
        />
        <p id="diagnosis-description-hint" className="text-xs text-muted-foreground">
          At least 10 characters. Photos come next.
        </p>
        {error?.message && (
          <p id="diagnosis-description-error" className="text-sm font-medium text-destructive">
            {error.message}
          </p>
        )}
      </div>

      <div className="flex justify-end">
        <Button onClick={onNext} className="w-full sm:w-auto" data-testid="button-next">
          Next
        </Button>
      </div>
    </div>
  );
}
