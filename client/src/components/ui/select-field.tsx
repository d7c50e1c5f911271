import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from './form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface SelectFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  control: Control<TValues>;
  name: TName;
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
}

/** A react-hook-form controlled Radix select with its label, hint and error (one wiring for every form). */
export function SelectField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  id,
  label,
  options,
  placeholder,
  hint,
  disabled,
  className,
  'data-testid': testId,
}: SelectFieldProps<TValues, TName>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} hint={hint} error={fieldState.error} className={className}>
          {(describedBy) => (
            <Select
              value={(field.value as string | undefined) ?? ''}
              onValueChange={field.onChange}
              disabled={disabled}
              name={field.name}
            >
              <SelectTrigger
                id={id}
                ref={field.ref}
                onBlur={field.onBlur}
                aria-invalid={fieldState.error ? true : undefined}
                aria-describedby={describedBy}
                data-testid={testId}
              >
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      )}
    />
  );
}
