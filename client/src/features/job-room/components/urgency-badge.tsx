import { CalendarCheck, Clock, Siren } from 'lucide-react';
import type { Urgency } from '@shared/constants';
import { Badge } from '@/components/ui/badge';
import { COPY } from '../copy';

const ICONS = { emergency: Siren, urgent: Clock, routine: CalendarCheck } as const;

/** docs/product.md#states urgency badges: emergency red '24/7', urgent 'Same Day', routine 'Scheduled'. */
export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  const { label, description } = COPY.urgency[urgency];
  const Icon = ICONS[urgency];
  return (
    <Badge
      variant={urgency === 'emergency' ? 'destructive' : urgency === 'urgent' ? 'outline' : 'secondary'}
      className={
        urgency === 'urgent'
          ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200'
          : undefined
      }
      data-testid="badge-urgency"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
      <span className="sr-only">: {description}</span>
    </Badge>
  );
}
