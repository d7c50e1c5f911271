import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/react-query';

/** The admin list a pricing edit changed. */
export type PricingList = 'catalog' | 'regions' | 'modifiers';

/**
 * After a saved pricing edit: its list, the cards' counts, the audit log, every estimate (the
 * preview card's and the homeowner's) and every impact preview are out of date.
 */
export async function refreshAfterPricingEdit(queryClient: QueryClient, list: PricingList): Promise<void> {
  await Promise.all(
    [
      queryKeys.admin[list],
      queryKeys.admin.stats,
      queryKeys.admin.audit,
      queryKeys.pricing.estimates,
      queryKeys.pricing.previews,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
