import { Badge } from '@/components/ui/badge';
import { ADMIN_COPY } from '../copy';

/** Active / Inactive, as the catalog, regions and modifiers tables show it. */
export function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge
      variant="secondary"
      className="border-emerald-600/30 bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
    >
      {ADMIN_COPY.status.active}
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      {ADMIN_COPY.status.inactive}
    </Badge>
  );
}
