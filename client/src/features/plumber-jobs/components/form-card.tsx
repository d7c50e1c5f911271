import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input, type InputProps } from '@/components/ui/input';

/** A plumber's details form on its own card: heading, intro, the fields, then submit and cancel. */
export function FormCard({
  testId,
  heading,
  intro,
  pending,
  onSubmit,
  submitLabel,
  submitTestId,
  onCancel,
  cancelLabel,
  children,
}: {
  testId: string;
  heading: ReactNode;
  intro: ReactNode;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: ReactNode;
  submitTestId: string;
  onCancel?: () => void;
  cancelLabel: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${useId()}-title`;
  return (
    <Card className="mt-8 max-w-xl" data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {heading}
        </CardTitle>
        <CardDescription>{intro}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-labelledby={titleId}
          aria-busy={pending}
          onSubmit={onSubmit}
          className="grid gap-4"
        >
          {children}
          <FormActions
            pending={pending}
            submitLabel={submitLabel}
            submitTestId={submitTestId}
            onCancel={onCancel}
            cancelLabel={cancelLabel}
          />
        </form>
      </CardContent>
    </Card>
  );
}

/** A labelled input registered with react-hook-form, marked invalid and described by its error. */
export function InputField({
  id,
  label,
  hint,
  error,
  registration,
  ...inputProps
}: {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
} & Omit<InputProps, 'id' | 'aria-invalid' | 'aria-describedby'>) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
          {...registration}
        />
      )}
    </FormField>
  );
}
