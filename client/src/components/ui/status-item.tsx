import type { LiHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { Badge, type BadgeVariant } from './badge';

export interface StatusItemProps extends Omit<LiHTMLAttributes<HTMLLIElement>, 'title'> {
  title: ReactNode;
  statusLabel: ReactNode;
  statusVariant: BadgeVariant;
  statusTestId?: string;
  /** Free text written by a person: its line breaks are kept. */
  note: string;
}

/** A list entry: a title with a status badge, a note under them, then any actions (the children). */
export function StatusItem({
  title,
  statusLabel,
  statusVariant,
  statusTestId,
  note,
  className,
  children,
  ...props
}: StatusItemProps) {
  return (
    <li className={cn('grid text-sm', className)} {...props}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{title}</span>
        <Badge variant={statusVariant} data-testid={statusTestId}>
          {statusLabel}
        </Badge>
      </div>
      <p className="whitespace-pre-line break-words text-muted-foreground">{note}</p>
      {children}
    </li>
  );
}
