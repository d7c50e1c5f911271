import { Check } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/utils/cn';
import { WIZARD_STEPS, WIZARD_STEP_COUNT } from '../copy';

/** 'Step n of 3', a bar, and the three step titles with the current one marked. */
export function WizardProgress({ step }: { step: number }) {
  const label = `Step ${step} of ${WIZARD_STEP_COUNT}`;
  return (
    <div className="grid gap-3" data-testid="wizard-progress">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <p id="wizard-progress-label" className="font-medium">
          {label}
        </p>
        <p className="text-muted-foreground" aria-hidden="true">
          {Math.round((step / WIZARD_STEP_COUNT) * 100)}%
        </p>
      </div>
      <Progress
        value={step}
        max={WIZARD_STEP_COUNT}
        valueText={label}
        aria-labelledby="wizard-progress-label"
      />
      <ol className="grid grid-cols-3 gap-2 text-xs sm:text-sm">
        {WIZARD_STEPS.map((title, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'todo';
          return (
            <li
              key={title}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'flex items-center gap-1.5',
                index === 1 && 'justify-center text-center',
                index === 2 && 'justify-end text-right',
                state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'hidden size-5 shrink-0 items-center justify-center rounded-full border text-[0.7rem] sm:inline-flex',
                  state === 'current' && 'border-primary bg-primary text-primary-foreground',
                  state === 'done' && 'border-primary text-primary',
                )}
              >
                {state === 'done' ? <Check className="size-3" /> : number}
              </span>
              <span>
                {title}
                {state === 'done' && <span className="sr-only"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
