import { Button } from '@/components/ui/button';
import { COPY, WIZARD_STEPS } from '../copy';
import type { PhotoSelection } from '../hooks/use-photo-selection';
import { ImagePicker } from './image-picker';
import { StepHeading } from './step-heading';

export function PhotosStep({
  selection,
  focusOnMount,
  onBack,
  onNext,
}: {
  selection: PhotoSelection;
  focusOnMount: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  return (
    <div className="grid gap-6">
      <StepHeading
        focusOnMount={focusOnMount}
        description="Photos help us spot the problem. This step is optional — skip it if you prefer."
      >
        {WIZARD_STEPS[1]}
      </StepHeading>

      <ImagePicker selection={selection} />

      {selection.hasUnusable && (
        <p
          id="photos-need-attention"
          className="text-sm text-muted-foreground"
          data-testid="text-photos-need-attention"
        >
          {COPY.photosNeedAttention}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} data-testid="button-back">
          Back
        </Button>
        {/* A photo too dark or too blurred to help holds the diagnosis until it is replaced or removed. */}
        <Button
          onClick={onNext}
          disabled={selection.preparing > 0 || selection.hasUnusable}
          aria-describedby={selection.hasUnusable ? 'photos-need-attention' : undefined}
          data-testid="button-next"
        >
          Next
        </Button>
      </div>
    </div>
  );
}
