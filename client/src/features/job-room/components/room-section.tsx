import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/utils/cn';

export interface RoomSectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Names the section: its heading gets `${id}-heading`. */
  id: string;
  title: ReactNode;
  /** Beside the heading, e.g. a button. */
  action?: ReactNode;
}

/** One card of the job room: a section named by its h2, then the content. */
export function RoomSection({ id, title, action, className, children, ...props }: RoomSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-lg border bg-card text-card-foreground shadow-sm', className)}
      {...props}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4 sm:px-6 sm:pt-5">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      <div className="grid gap-3 p-4 sm:px-6 sm:pb-6">{children}</div>
    </section>
  );
}
