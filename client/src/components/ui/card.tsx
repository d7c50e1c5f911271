import * as React from 'react';
import { cn } from '@/utils/cn';

export function Card({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('rounded-lg border bg-card text-card-foreground shadow-sm', className)} {...props} />
  );
}

export function CardHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

export function CardTitle({
  className,
  as: Heading = 'h3',
  ...props
}: React.HTMLAttributes<HTMLHeadingElement> & { as?: 'h2' | 'h3' | 'h4' | 'p' }) {
  return (
    <Heading className={cn('text-lg font-semibold leading-tight tracking-tight', className)} {...props} />
  );
}

export function CardDescription({ className, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex items-center p-6 pt-0', className)} {...props} />;
}

/**
 * One card of a list: a group named by its title (an h3), badges beside the title, optional lines
 * under it (`meta`), then `children` — usually a CardContent.
 */
export function ListCard({
  titleId,
  title,
  badges,
  meta,
  children,
  ...props
}: {
  titleId: string;
  title: React.ReactNode;
  badges?: React.ReactNode;
  meta?: React.ReactNode;
} & Omit<React.HTMLAttributes<HTMLDivElement>, 'title'>) {
  return (
    <Card role="group" aria-labelledby={titleId} {...props}>
      <CardHeader className="gap-2 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle as="h3" id={titleId} className="text-lg sm:text-xl">
            {title}
          </CardTitle>
          <div className="flex flex-wrap items-center gap-2">{badges}</div>
        </div>
        {meta}
      </CardHeader>
      {children}
    </Card>
  );
}
