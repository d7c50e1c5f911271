/** Badge styles for job statuses, shared by the homeowner and plumber dashboards (docs/product.md#states labels come from shared/job-display). */
export type JobBadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

const STATUS_VARIANTS: Record<string, JobBadgeVariant> = {
  draft: 'outline',
  requested: 'secondary',
  quoted: 'secondary',
  scheduled: 'default',
  in_progress: 'default',
  completed: 'outline',
  cancelled: 'outline',
};

export function jobStatusBadgeVariant(status: string): JobBadgeVariant {
  return STATUS_VARIANTS[status] ?? 'outline';
}

const CHANGE_ORDER_STATUS_VARIANTS: Record<string, JobBadgeVariant> = {
  pending: 'secondary',
  approved: 'default',
  declined: 'outline',
};

export function changeOrderStatusBadgeVariant(status: string): JobBadgeVariant {
  return CHANGE_ORDER_STATUS_VARIANTS[status] ?? 'outline';
}
