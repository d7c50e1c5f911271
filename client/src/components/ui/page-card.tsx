import { useEffect, useRef, type ReactNode } from 'react';
import { Card, CardContent } from './card';

/**
 * A page that is one centred card with the page's `h1`. A page that answers an action (done, link
 * sent, failed) sets `focusHeading`, so screen-reader and keyboard users land on the news rather
 * than on nothing.
 */
export function PageCard({
  title,
  description,
  focusHeading = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  focusHeading?: boolean;
  children?: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6 md:py-16">
      <Card>
        <CardContent className="grid gap-4 p-6">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            {title}
          </h1>
          {description && <p className="text-muted-foreground">{description}</p>}
          {children}
        </CardContent>
      </Card>
    </div>
  );
}
