import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ProfileInput } from '@shared/contracts/account';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SETTINGS_COPY } from '../settings-copy';

const COPY = SETTINGS_COPY.profile;

/** Full name and phone: the profile step and the settings page ask for them the same way. */
export function ProfileFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<ProfileInput>;
  errors: FieldErrors<ProfileInput>;
}) {
  return (
    <>
      <FormField id={`${idPrefix}-name`} label={COPY.name} error={errors.name}>
        {(describedBy) => (
          <Input
            id={`${idPrefix}-name`}
            autoComplete="name"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy}
            {...register('name')}
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-phone`} label={COPY.phone} error={errors.phone}>
        {(describedBy) => (
          <Input
            id={`${idPrefix}-phone`}
            type="tel"
            autoComplete="tel"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy}
            {...register('phone')}
          />
        )}
      </FormField>
    </>
  );
}
