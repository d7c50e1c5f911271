import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  retirePricingInput,
  type PricingPreviewInput,
  type RetirePricingInput,
} from '@shared/contracts/admin-pricing';
import { ADMIN_COPY } from '../copy';
import { PricingEditDialog, type PricingSave } from './pricing-edit-dialog';

const EDITS = ADMIN_COPY.pricingEdits;
const NO_FIELDS = [] as const;

/** One of the two changes: what the preview reads, how it is saved, and the save's state. */
export interface Activation {
  /** The retirement, or the reinstatement (`isActive: true`). */
  change: PricingPreviewInput;
  save: (reason: string) => void;
  mutation: PricingSave;
}

/**
 * Retiring a catalogue item, region or modifier (`kind` retire), or reinstating one: only a reason,
 * with the impact preview of the change shown at once.
 */
export function ActivationDialog({
  kind,
  name,
  retireDescription,
  retire,
  reinstate,
  onClose,
}: {
  kind: 'retire' | 'reinstate';
  /** The row's name, as its table shows it. */
  name: string;
  /** What retiring this kind of row does (reinstating says the same for every kind). */
  retireDescription: string;
  retire: Activation;
  reinstate: Activation;
  onClose: () => void;
}) {
  const form = useForm<RetirePricingInput, unknown, { reason: string }>({
    resolver: zodResolver(retirePricingInput),
    defaultValues: { reason: '' },
  });
  const retiring = kind === 'retire';
  const { change, save, mutation } = retiring ? retire : reinstate;
  return (
    <PricingEditDialog
      title={retiring ? EDITS.titles.retire(name) : EDITS.titles.reinstate(name)}
      description={retiring ? retireDescription : EDITS.descriptions.reinstate}
      form={form}
      previewFields={NO_FIELDS}
      toPreview={() => change}
      previewAtOnce
      onSave={({ reason }) => save(reason)}
      mutation={mutation}
      saveLabel={retiring ? EDITS.retire : EDITS.reinstate}
      onClose={onClose}
    />
  );
}
