import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { PricingPreviewInput } from '@shared/contracts/admin-pricing';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { usePricingPreview } from '../api/get-pricing-preview';
import { ADMIN_COPY } from '../copy';
import { ImpactPreview } from './impact-preview';
import { TextareaField } from '@/components/ui/textarea-field';

const COPY = ADMIN_COPY.pricingEdits;

/** JSON with object keys sorted, so two equal changes compare equal whatever their key order. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

/** Where a pricing edit stands while it is saved: a react-query mutation's state. */
export interface PricingSave {
  isPending: boolean;
  error: Error | null;
}

/**
 * A pricing edit's mutation options: once saved, a toast says so (`title`, `describe(saved)`) and
 * the dialog closes.
 */
export function closeWithToast<TSaved>(
  title: string,
  describe: (saved: TSaved) => string,
  onClose: () => void,
) {
  return {
    mutationConfig: {
      onSuccess: (saved: TSaved) => {
        toast({ title, description: describe(saved) });
        onClose();
      },
    },
  };
}

export interface PricingEditDialogProps<TValues extends FieldValues & { reason: string }, TOutput> {
  title: string;
  description: string;
  /** The form (react-hook-form with the contract's body schema) whose fields are the children. */
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The fields the preview needs valid: every one but the reason. */
  previewFields: readonly Path<TValues>[];
  /** The change the form's values describe, as the preview reads it. */
  toPreview: (values: TValues) => PricingPreviewInput;
  /** Retiring and reinstating have no fields: their preview is shown at once. */
  previewAtOnce?: boolean;
  onSave: (values: TOutput) => void;
  /** The save's mutation: Save spins while it runs, its refusal shows under the form. */
  mutation: PricingSave;
  /** Save, unless the dialog names its change (Retire, Reinstate). */
  saveLabel?: string;
  onClose: () => void;
  children?: ReactNode;
}

/**
 * One pricing edit in a dialog: its fields, the impact preview, the reason and Save. Save is
 * enabled only once the preview shows the change as the fields hold it now; changing a field after
 * the preview asks for a new one. The server's refusal (a taken slug, a rule broken) shows in the
 * preview, or under the form when saving.
 */
export function PricingEditDialog<TValues extends FieldValues & { reason: string }, TOutput>({
  title,
  description,
  form,
  previewFields,
  toPreview,
  previewAtOnce = false,
  onSave,
  mutation,
  saveLabel = COPY.save,
  onClose,
  children,
}: PricingEditDialogProps<TValues, TOutput>) {
  const id = useId();
  const { isPending: saving, error: saveError } = mutation;
  const [previewed, setPreviewed] = useState<PricingPreviewInput | null>(() =>
    previewAtOnce ? toPreview(form.getValues()) : null,
  );
  // Re-rendered on every change of a field, so the preview knows when it is out of date.
  useWatch({ control: form.control });
  const current = toPreview(form.getValues());
  const stale = previewed !== null && canonical(previewed) !== canonical(current);
  const preview = usePricingPreview({ change: previewed });
  const ready = previewed !== null && !stale && preview.isSuccess;

  // Focus goes back to the button that opened the dialog (it is unmounted when it closes).
  const opener = useRef(
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  useEffect(() => () => opener.current?.focus(), []);

  const requestPreview = async () => {
    if (await form.trigger(previewFields as Path<TValues>[])) setPreviewed(toPreview(form.getValues()));
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" closeLabel={COPY.cancel} data-testid="dialog-pricing-edit">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          aria-busy={saving}
          onSubmit={form.handleSubmit((values) => {
            if (ready) onSave(values);
          })}
          className="grid min-w-0 gap-4"
        >
          {children && <div className="grid gap-4 sm:grid-cols-2">{children}</div>}
          {!previewAtOnce && (
            <div>
              <Button
                type="button"
                variant="outline"
                onClick={() => void requestPreview()}
                disabled={saving}
                data-testid="button-preview-impact"
              >
                {COPY.preview.button}
              </Button>
            </div>
          )}
          <ImpactPreview change={previewed} stale={stale} />
          <TextareaField
            form={form}
            id={`${id}-reason`}
            name={'reason' as Path<TValues>}
            label={COPY.fields.reason}
            hint={COPY.fields.reasonHint}
            maxLength={500}
            rows={2}
            className="min-h-16"
            testId="input-change-reason"
          />
          {saveError && <FormError>{getErrorMessage(saveError, COPY.failure)}</FormError>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              {COPY.cancel}
            </Button>
            <Button
              type="submit"
              disabled={!ready || saving}
              aria-busy={saving}
              data-testid="button-save-change"
            >
              {saving && <Spinner />}
              {saveLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
