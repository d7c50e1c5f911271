import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { URGENCIES } from '@shared/constants';
import type { AdminModifier } from '@shared/contracts/admin';
import {
  createModifierInput,
  type CreateModifierData,
  type CreateModifierInput,
  type PricingPreviewInput,
} from '@shared/contracts/admin-pricing';
import { MODIFIER_TYPES, type ModifierType } from '@shared/contracts/pricing';
import { capitalise } from '@shared/job-display';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { useCreateModifier } from '../api/create-modifier';
import { useUpdateModifier } from '../api/update-modifier';
import { ADMIN_COPY } from '../copy';
import { closeWithToast, PricingEditDialog } from './pricing-edit-dialog';
import { PricingInput, PricingTextarea } from './pricing-fields';

const COPY = ADMIN_COPY.pricingEdits;
const FIELDS = COPY.fields;
const PREVIEW_FIELDS = ['key', 'type', 'name', 'description', 'valuesJson'] as const;
const URGENCY_KEY = 'urgency';
const TYPE_OPTIONS = MODIFIER_TYPES.map((type) => ({ value: type, label: FIELDS.types[type] }));

/** The values a modifier of this key and type holds, with their labels (see modifierValuesProblem). */
function valueFields(key: string, type: ModifierType): Array<{ name: string; label: string }> {
  if (key === URGENCY_KEY) {
    return URGENCIES.map((urgency) => ({ name: urgency, label: FIELDS.urgencyValue(capitalise(urgency)) }));
  }
  return type === 'flat'
    ? [{ name: 'amount', label: FIELDS.amount }]
    : [{ name: 'multiplier', label: FIELDS.multiplier }];
}

const startingValues = (type: ModifierType): Record<string, number> =>
  type === 'flat' ? { amount: 0 } : { multiplier: 1 };

/** Adds a price modifier (`modifier` null) or edits one; its key is set once. */
export function ModifierDialog({
  modifier,
  onClose,
}: {
  modifier: AdminModifier | null;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useForm<CreateModifierInput, unknown, CreateModifierData>({
    resolver: zodResolver(createModifierInput),
    defaultValues: modifier
      ? {
          key: modifier.key,
          type: modifier.type,
          name: modifier.name,
          description: modifier.description ?? '',
          valuesJson: modifier.valuesJson,
          reason: '',
        }
      : {
          key: '',
          type: 'multiplier',
          name: '',
          description: '',
          valuesJson: startingValues('multiplier'),
          reason: '',
        },
  });
  const [key, type] = useWatch({ control: form.control, name: ['key', 'type'] });

  // Another type holds another value: start it afresh (the old one's field is gone).
  const shownType = useRef(type);
  useEffect(() => {
    if (shownType.current === type) return;
    shownType.current = type;
    form.setValue('valuesJson', startingValues(type));
  }, [type, form]);

  const onSaved = closeWithToast(COPY.savedTitle, (saved: AdminModifier) => COPY.saved(saved.name), onClose);
  const create = useCreateModifier(onSaved);
  const update = useUpdateModifier(onSaved);

  const toPreview = ({
    reason: _reason,
    key: newKey,
    ...changes
  }: CreateModifierInput): PricingPreviewInput =>
    modifier
      ? { change: 'updateModifier', modifierId: modifier.id, values: changes }
      : { change: 'createModifier', values: { key: newKey, ...changes } };
  const save = ({ key: newKey, ...body }: CreateModifierData) => {
    if (modifier) update.mutate({ modifierId: modifier.id, body });
    else create.mutate({ key: newKey, ...body });
  };
  // The rule about the values as a whole (which names a type needs); a single bad value shows at its field.
  const valuesError = form.getFieldState('valuesJson', form.formState).error as
    { message?: string } | undefined;

  return (
    <PricingEditDialog
      title={modifier ? COPY.titles.edit(modifier.name) : COPY.titles.createModifier}
      description={COPY.descriptions.modifier}
      form={form}
      previewFields={PREVIEW_FIELDS}
      toPreview={toPreview}
      onSave={save}
      mutation={modifier ? update : create}
      onClose={onClose}
    >
      <PricingInput
        form={form}
        formId={formId}
        name="key"
        label={FIELDS.key}
        hint={modifier ? undefined : FIELDS.keyHint}
        readOnly={modifier !== null}
        spellCheck={false}
        testId="input-modifier-key"
      />
      <PricingInput
        form={form}
        formId={formId}
        name="name"
        label={FIELDS.modifierName}
        testId="input-modifier-name"
      />
      <SelectField
        control={form.control}
        name="type"
        id={`${formId}-type`}
        label={FIELDS.type}
        options={TYPE_OPTIONS}
        disabled={key === URGENCY_KEY}
        data-testid="select-modifier-type"
      />
      {valueFields(key, type).map((field) => (
        <PricingInput
          key={`${type}-${field.name}`}
          form={form}
          formId={formId}
          name={`valuesJson.${field.name}`}
          label={field.label}
          type="number"
          step="any"
          min={0}
          inputMode="decimal"
          testId={`input-value-${field.name}`}
          asNumber
        />
      ))}
      {valuesError?.message && (
        <div className="sm:col-span-2">
          <FormError>{valuesError.message}</FormError>
        </div>
      )}
      <PricingTextarea
        form={form}
        formId={formId}
        name="description"
        label={FIELDS.description}
        maxLength={1000}
      />
    </PricingEditDialog>
  );
}
