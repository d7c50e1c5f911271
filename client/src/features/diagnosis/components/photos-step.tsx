import { Button } from '@/components/ui/button';
import { WIZARD_STEPS } from '../copy';
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

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} data-testid="button-back">
          Back
        </Button>
        <Button onClick={onNext} disabled={selection.preparing > 0} data-testid="button-next">
          Next
        </Button>
      </div>
    </div>
  );
}
