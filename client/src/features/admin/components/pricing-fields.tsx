import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input, type InputProps } from '@/components/ui/input';
import { cn } from '@/utils/cn';
import { TextareaField } from '@/components/ui/textarea-field';

interface FieldProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  name: Path<TValues>;
  label: string;
  hint?: string;
  /** Spans both columns of the dialog's grid. */
  wide?: boolean;
  testId?: string;
}

/** The form's `id` for a field: its name, made safe for an HTML id. */
const fieldId = (formId: string, name: string) => `${formId}-${name.replace(/\W/g, '-')}`;

/** A labelled text input of a pricing form, its hint and its error; `suggestions` become a datalist. */
export function PricingInput<TValues extends FieldValues, TOutput>({
  form,
  name,
  label,
  hint,
  wide,
  testId,
  formId,
  suggestions,
  asNumber = false,
  ...inputProps
}: FieldProps<TValues, TOutput> & {
  formId: string;
  suggestions?: readonly string[];
  /** The field holds a number (a modifier's value), not text. */
  asNumber?: boolean;
} & Omit<InputProps, 'form' | 'name' | 'id'>) {
  const id = fieldId(formId, name);
  const { error } = form.getFieldState(name, form.formState);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={cn(wide && 'sm:col-span-2')}>
      {(describedBy) => (
        <>
          <Input
            id={id}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            list={suggestions ? `${id}-suggestions` : undefined}
            data-testid={testId}
            {...inputProps}
            {...form.register(name, asNumber ? { valueAsNumber: true } : undefined)}
          />
          {suggestions && (
            <datalist id={`${id}-suggestions`}>
              {suggestions.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          )}
        </>
      )}
    </FormField>
  );
}

/** A labelled text area of a pricing form (notes, descriptions), across both columns. */
export function PricingTextarea<TValues extends FieldValues, TOutput>({
  formId,
  ...props
}: Omit<FieldProps<TValues, TOutput>, 'wide'> & { formId: string; maxLength: number }) {
  return (
    <TextareaField
      {...props}
      id={fieldId(formId, props.name)}
      rows={2}
      className="min-h-16"
      fieldClassName="sm:col-span-2"
    />
  );
}
