import * as React from 'react';
import { cn } from '@/utils/cn';

/** Up to two initials from a name or an e-mail address ("ada.lovelace@x" → "AL", "sam@x" → "S"). */
export function getInitials(nameOrEmail: string): string {
  const local = nameOrEmail.split('@')[0] ?? '';
  const words = local.split(/[\s._-]+/).filter(Boolean);
  const initials = words.slice(0, 2).map((word) => word[0]);
  return initials.join('').toUpperCase() || '?';
}

export interface AvatarProps extends React.HTMLAttributes<HTMLSpanElement> {
  /** The name or e-mail the initials are taken from. Decorative: label the surrounding control instead. */
  name: string;
}

export function Avatar({ name, className, ...props }: AvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 select-none items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground',
        className,
      )}
      {...props}
    >
      {getInitials(name)}
    </span>
  );
}
