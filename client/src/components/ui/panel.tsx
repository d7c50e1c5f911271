import type { HTMLAttributes, ReactNode } from 'react';

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Id of the heading, which also names the section for assistive technology. */
  headingId: string;
  title: ReactNode;
  description?: ReactNode;
}

/** A titled, tinted section nested inside a card: a heading, an optional line of help, then the content. */
export function Panel({ headingId, title, description, children, ...props }: PanelProps) {
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-md border bg-muted/40 p-3 sm:p-4"
      {...props}
    >
      <div>
        <h4 id={headingId} className="text-sm font-semibold">
          {title}
        </h4>
        {description !== undefined && <p className="text-xs text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}
