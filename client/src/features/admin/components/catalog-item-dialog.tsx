import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminCatalogItem } from '@shared/contracts/admin';
import {
  createCatalogItemInput,
  type CreateCatalogItemData,
  type CreateCatalogItemInput,
  type PricingPreviewInput,
} from '@shared/contracts/admin-pricing';
import { useCreateCatalogItem } from '../api/create-catalog-item';
import { useUpdateCatalogItem } from '../api/update-catalog-item';
import { ADMIN_COPY } from '../copy';
import { closeWithToast, PricingEditDialog } from './pricing-edit-dialog';
import { PricingInput, PricingTextarea } from './pricing-fields';

const COPY = ADMIN_COPY.pricingEdits;
const FIELDS = COPY.fields;
const PREVIEW_FIELDS = ['issueSlug', 'issueName', 'baseMin', 'baseMax', 'unit', 'category', 'notes'] as const;

/** The item's fields without the reason (the preview's values). */
function changeOf({ reason: _reason, ...values }: CreateCatalogItemInput) {
  return values;
}

/**
 * Adds an issue type (`item` null) or edits one; its slug is set once. The form is the creation's
 * contract; an edit sends the editable fields as a PATCH.
 */
export function CatalogItemDialog({
  item,
  catalog,
  onClose,
}: {
  item: AdminCatalogItem | null;
  /** The whole catalogue: its categories and units are offered as suggestions. */
  catalog: readonly AdminCatalogItem[];
  onClose: () => void;
}) {
  const formId = useId();
  const form = useForm<CreateCatalogItemInput, unknown, CreateCatalogItemData>({
    resolver: zodResolver(createCatalogItemInput),
    defaultValues: item
      ? {
          issueSlug: item.issueSlug,
          issueName: item.issueName,
          baseMin: item.baseMin,
          baseMax: item.baseMax,
          unit: item.unit,
          category: item.category,
          notes: item.notes ?? '',
          reason: '',
        }
      : {
          issueSlug: '',
          issueName: '',
          baseMin: '',
          baseMax: '',
          unit: 'job',
          category: '',
          notes: '',
          reason: '',
        },
  });
  const onSaved = closeWithToast(
    COPY.savedTitle,
    (saved: AdminCatalogItem) => COPY.saved(saved.issueName),
    onClose,
  );
  const create = useCreateCatalogItem(onSaved);
  const update = useUpdateCatalogItem(onSaved);

  const toPreview = (values: CreateCatalogItemInput): PricingPreviewInput => {
    const { issueSlug, ...changes } = changeOf(values);
    return item
      ? { change: 'updateCatalogItem', issueSlug: item.issueSlug, values: changes }
      : { change: 'createCatalogItem', values: { issueSlug, ...changes } };
  };
  const save = ({ issueSlug, ...body }: CreateCatalogItemData) => {
    if (item) update.mutate({ issueSlug: item.issueSlug, body });
    else create.mutate({ issueSlug, ...body });
  };

  const categories = [...new Set(catalog.map((entry) => entry.category))].sort();
  const units = [...new Set(['job', 'hour', 'linear_ft', ...catalog.map((entry) => entry.unit)])];

  return (
    <PricingEditDialog
      title={item ? COPY.titles.edit(item.issueName) : COPY.titles.createCatalog}
      description={COPY.descriptions.catalog}
      form={form}
      previewFields={PREVIEW_FIELDS}
      toPreview={toPreview}
      onSave={save}
      mutation={item ? update : create}
      onClose={onClose}
    >
      <PricingInput
        form={form}
        formId={formId}
        name="issueSlug"
        label={FIELDS.issueSlug}
        hint={item ? undefined : FIELDS.issueSlugHint}
        readOnly={item !== null}
        spellCheck={false}
        testId="input-issue-slug"
      />
      <PricingInput
        form={form}
        formId={formId}
        name="issueName"
        label={FIELDS.issueName}
        testId="input-issue-name"
      />
      <PricingInput
        form={form}
        formId={formId}
        name="baseMin"
        label={FIELDS.baseMin}
        inputMode="decimal"
        testId="input-base-min"
      />
      <PricingInput
        form={form}
        formId={formId}
        name="baseMax"
        label={FIELDS.baseMax}
        inputMode="decimal"
        testId="input-base-max"
      />
      <PricingInput
        form={form}
        formId={formId}
        name="category"
        label={FIELDS.category}
        suggestions={categories}
        testId="input-category"
      />
      <PricingInput
        form={form}
        formId={formId}
        name="unit"
        label={FIELDS.unit}
        hint={FIELDS.unitHint}
        suggestions={units}
        spellCheck={false}
        testId="input-unit"
      />
      <PricingTextarea form={form} formId={formId} name="notes" label={FIELDS.notes} maxLength={2000} />
    </PricingEditDialog>
  );
}
