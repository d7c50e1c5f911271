import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminRegion } from '@shared/contracts/admin';
import {
  createRegionInput,
  type CreateRegionData,
  type CreateRegionInput,
  type PricingPreviewInput,
} from '@shared/contracts/admin-pricing';
import { useCreateRegion } from '../api/create-region';
import { useUpdateRegion } from '../api/update-region';
import { ADMIN_COPY } from '../copy';
import { closeWithToast, PricingEditDialog } from './pricing-edit-dialog';
import { PricingInput } from './pricing-fields';

const COPY = ADMIN_COPY.pricingEdits;
const FIELDS = COPY.fields;
const PREVIEW_FIELDS = ['code', 'name', 'state', 'metro', 'laborIndex', 'materialIndex', 'timeZone'] as const;
/** The two price indexes: the same field, one for labour and one for materials. */
const INDEX_FIELDS = [
  { name: 'laborIndex', testId: 'input-labor-index' },
  { name: 'materialIndex', testId: 'input-material-index' },
] as const;
/** A zone new regions start with: the app's default. */
const DEFAULT_ZONE = 'America/Chicago';

/** The runtime's IANA zone names, offered as suggestions (typing any other is refused by the contract). */
function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/** Adds a pricing region (`region` null) or edits one; its code is set once. */
export function RegionDialog({ region, onClose }: { region: AdminRegion | null; onClose: () => void }) {
  const formId = useId();
  const zones = useMemo(() => knownTimeZones(), []);
  const form = useForm<CreateRegionInput, unknown, CreateRegionData>({
    resolver: zodResolver(createRegionInput),
    defaultValues: region
      ? {
          code: region.code,
          name: region.name,
          state: region.state,
          metro: region.metro ?? '',
          laborIndex: region.laborIndex,
          materialIndex: region.materialIndex,
          timeZone: region.timeZone,
          reason: '',
        }
      : {
          code: '',
          name: '',
          state: '',
          metro: '',
          laborIndex: '1.000',
          materialIndex: '1.000',
          timeZone: DEFAULT_ZONE,
          reason: '',
        },
  });
  const onSaved = closeWithToast(COPY.savedTitle, (saved: AdminRegion) => COPY.saved(saved.name), onClose);
  const create = useCreateRegion(onSaved);
  const update = useUpdateRegion(onSaved);

  const toPreview = ({ reason: _reason, code, ...changes }: CreateRegionInput): PricingPreviewInput =>
    region
      ? { change: 'updateRegion', code: region.code, values: changes }
      : { change: 'createRegion', values: { code, ...changes } };
  const save = ({ code, ...body }: CreateRegionData) => {
    if (region) update.mutate({ code: region.code, body });
    else create.mutate({ code, ...body });
  };

  return (
    <PricingEditDialog
      title={region ? COPY.titles.edit(region.name) : COPY.titles.createRegion}
      description={COPY.descriptions.region}
      form={form}
      previewFields={PREVIEW_FIELDS}
      toPreview={toPreview}
      onSave={save}
      mutation={region ? update : create}
      onClose={onClose}
    >
      <PricingInput
        form={form}
        formId={formId}
        name="code"
        label={FIELDS.code}
        hint={region ? undefined : FIELDS.codeHint}
        readOnly={region !== null}
        spellCheck={false}
        testId="input-region-code"
      />
      <PricingInput
        form={form}
        formId={formId}
        name="name"
        label={FIELDS.regionName}
        testId="input-region-name"
      />
      <PricingInput form={form} formId={formId} name="state" label={FIELDS.state} maxLength={2} />
      <PricingInput form={form} formId={formId} name="metro" label={FIELDS.metro} />
      {INDEX_FIELDS.map(({ name, testId }) => (
        <PricingInput
          key={name}
          form={form}
          formId={formId}
          name={name}
          label={FIELDS[name]}
          hint={FIELDS.indexHint}
          inputMode="decimal"
          testId={testId}
        />
      ))}
      <PricingInput
        form={form}
        formId={formId}
        name="timeZone"
        label={FIELDS.timeZone}
        hint={FIELDS.timeZoneHint}
        suggestions={zones}
        spellCheck={false}
        wide
        testId="input-time-zone"
      />
    </PricingEditDialog>
  );
}
