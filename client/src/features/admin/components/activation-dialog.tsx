import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  retirePricingInput,
  type PricingPreviewInput,
  type RetirePricingInput,
} from '@shared/contracts/admin-pricing';
import { PricingEditDialog } from './pricing-edit-dialog';

const NO_FIELDS = [] as const;

/**
 * Retiring a catalogue item, region or modifier, or reinstating one: only a reason, with the
 * impact preview of the change shown at once.
 */
export function ActivationDialog({
  title,
  description,
  change,
  saveLabel,
  onSave,
  saving,
  saveError,
  onClose,
}: {
  title: string;
  description: string;
  /** The retirement or the reinstatement (`isActive: true`), as the preview reads it. */
  change: PricingPreviewInput;
  saveLabel: string;
  onSave: (reason: string) => void;
  saving: boolean;
  saveError: Error | null;
  onClose: () => void;
}) {
  const form = useForm<RetirePricingInput, unknown, { reason: string }>({
    resolver: zodResolver(retirePricingInput),
    defaultValues: { reason: '' },
  });
  return (
    <PricingEditDialog
      title={title}
      description={description}
      form={form}
      previewFields={NO_FIELDS}
      toPreview={() => change}
      previewAtOnce
      onSave={({ reason }) => onSave(reason)}
      saving={saving}
      saveError={saveError}
      saveLabel={saveLabel}
      onClose={onClose}
    />
  );
}
