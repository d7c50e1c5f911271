import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

/**
 * A labelled text area of a form (a reason, an answer, notes, details), its hint and its error,
 * registered with the form under `name`.
 */
export function TextareaField<TValues extends FieldValues, TOutput>({
  form,
  id,
  name,
  label,
  hint,
  maxLength,
  rows,
  className,
  fieldClassName,
  testId,
  registerOptions,
  error = form.getFieldState(name, form.formState).error,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  id: string;
  name: Path<TValues>;
  label: string;
  hint?: string;
  maxLength: number;
  rows?: number;
  /** The text area's own classes. */
  className?: string;
  /** The classes of the field around it (label, hint and error). */
  fieldClassName?: string;
  testId?: string;
  /** e.g. `setValueAs`, for a field whose blank value means "none". */
  registerOptions?: RegisterOptions<TValues, Path<TValues>>;
  /** Shown instead of the field's own error, for a rule of the whole form reported elsewhere. */
  error?: { message?: string };
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      {(describedBy) => (
        <Textarea
          id={id}
          rows={rows}
          className={className}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...form.register(name, registerOptions)}
        />
      )}
    </FormField>
  );
}
