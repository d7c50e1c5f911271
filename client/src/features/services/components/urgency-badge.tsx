import { CalendarCheck, Clock, Siren, type LucideIcon } from 'lucide-react';
import type { Urgency } from '@shared/constants';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { cn } from '@/utils/cn';

interface UrgencyStyle {
  label: string;
  variant: BadgeVariant;
  className?: string;
  icon: LucideIcon;
  /** What the short label means, for screen readers and the tooltip-less phone. */
  description: string;
}

/** docs/product.md#states: emergency → destructive '24/7'; urgent → 'Same Day'; anything else → 'Scheduled'. */
export function getUrgencyStyle(urgency: Urgency | (string & {})): UrgencyStyle {
  switch (urgency) {
    case 'emergency':
      return {
        label: '24/7',
        variant: 'destructive',
        icon: Siren,
        description: 'Emergency service, available around the clock',
      };
    case 'urgent':
      return {
        label: 'Same Day',
        variant: 'outline',
        className:
          'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200',
        icon: Clock,
        description: 'Same-day service',
      };
    default:
      return {
        label: 'Scheduled',
        variant: 'secondary',
        icon: CalendarCheck,
        description: 'Scheduled at a time that suits you',
      };
  }
}

export function UrgencyBadge({
  urgency,
  className,
}: {
  urgency: Urgency | (string & {});
  className?: string;
}) {
  const style = getUrgencyStyle(urgency);
  const Icon = style.icon;
  return (
    <Badge
      variant={style.variant}
      className={cn('gap-1 px-2.5 py-1', style.className, className)}
      data-urgency={urgency}
      title={style.description}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {style.label}
    </Badge>
  );
}
