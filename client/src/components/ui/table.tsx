import * as React from 'react';
import { cn } from '@/utils/cn';

export interface TableProps extends React.TableHTMLAttributes<HTMLTableElement> {
  /** Names the scrollable region that wraps the table (read by screen readers; keyboard users can focus it to scroll). */
  regionLabel: string;
  /** Shown under the table while it is wider than its container, e.g. "Scroll sideways to see every column". */
  scrollHint?: React.ReactNode;
  containerClassName?: string;
}

/** Watches whether an element's content is wider than the element, and whether it is scrolled to its end. */
function useHorizontalOverflow<T extends HTMLElement>() {
  const ref = React.useRef<T>(null);
  const [state, setState] = React.useState({ overflowing: false, atEnd: true });
  React.useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const overflowing = element.scrollWidth > element.clientWidth + 1;
      const atEnd = Math.abs(element.scrollLeft) + element.clientWidth >= element.scrollWidth - 1;
      setState((previous) =>
        previous.overflowing === overflowing && previous.atEnd === atEnd ? previous : { overflowing, atEnd },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return { ref, ...state };
}

/**
 * A data table in a horizontally scrollable, focusable region. On a narrow screen the table keeps
 * its columns and scrolls sideways: while it does not fit, `scrollHint` shows above it and the
 * right edge fades until the last column is reached.
 */
export function Table({ className, containerClassName, regionLabel, scrollHint, ...props }: TableProps) {
  const { ref, overflowing, atEnd } = useHorizontalOverflow<HTMLDivElement>();
  const hintId = React.useId();
  const showHint = overflowing && scrollHint;
  return (
    <div className={cn('w-full min-w-0', containerClassName)}>
      {showHint && (
        <p id={hintId} className="mb-2 flex items-center gap-1.5 text-xs text-muted-foreground">
          {scrollHint}
        </p>
      )}
      <div className="relative">
        <div
          ref={ref}
          role="region"
          aria-label={regionLabel}
          aria-describedby={showHint ? hintId : undefined}
          // Focusable only when there is something to scroll, so keyboard users can reach hidden columns
          // (WCAG 2.1.1; axe `scrollable-region-focusable`).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={overflowing ? 0 : undefined}
          // `relative`: positioned content inside (a screen-reader-only text is `position: absolute`)
          // is clipped by this scroll region, never laid out past it, widening the page.
          className="relative w-full overflow-x-auto rounded-md border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
        </div>
        {overflowing && !atEnd && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-px right-px w-10 rounded-r-md bg-gradient-to-l from-background to-transparent"
          />
        )}
      </div>
    </div>
  );
}

export function TableHeader({ className, ...props }: React.HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-muted/60 [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: React.HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/40', className)} {...props} />;
}

export function TableHead({
  className,
  scope = 'col',
  ...props
}: React.ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cn(
        'h-11 whitespace-nowrap px-3 text-left align-middle sm:px-4 text-sm font-semibold text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-3 align-middle sm:px-4', className)} {...props} />;
}

export function TableCaption({ className, ...props }: React.HTMLAttributes<HTMLTableCaptionElement>) {
  return <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}
