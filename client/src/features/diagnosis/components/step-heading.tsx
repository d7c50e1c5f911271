import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/utils/cn';

/**
 * The heading of a wizard step. When `focusOnMount` is set (every step change after the first
 * render) it takes focus, so screen-reader and keyboard users land at the start of the new step.
 */
export function StepHeading({
  children,
  description,
  focusOnMount,
  className,
}: {
  children: ReactNode;
  description?: ReactNode;
  focusOnMount: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = ref.current;
    if (!focusOnMount || !heading) return;
    heading.focus({ preventScroll: true });
    // Bring the top of the wizard (progress bar included) into view when the user scrolled past it.
    const frame = heading.closest<HTMLElement>('[data-wizard]') ?? heading;
    const clearance = parseFloat(getComputedStyle(frame).scrollMarginTop) || 0; // room for the sticky header
    if (frame.getBoundingClientRect().top < clearance) frame.scrollIntoView({ block: 'start' });
  }, [focusOnMount]);

  return (
    <div className={cn('grid gap-1.5', className)}>
      <h2
        ref={ref}
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight outline-none sm:text-2xl"
        data-testid="step-heading"
      >
        {children}
      </h2>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
    </div>
  );
}
