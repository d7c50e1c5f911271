import { adminPayoutRoutes, payoutsCsvFileName, type PayoutsCsvQuery } from '@shared/contracts/admin-payouts';
import { pathOf } from '@shared/contracts/http';

/**
 * GET /api/admin/payouts.csv?from=&to= — a file the browser downloads (the session cookie goes with
 * the link), not an answer the app parses: the link's address and the name it is saved under.
 */
export function payoutsCsvLink(range: PayoutsCsvQuery): { href: string; fileName: string } {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return {
    href: `${pathOf(adminPayoutRoutes.csv)}?${query.toString()}`,
    fileName: payoutsCsvFileName(range.from, range.to),
  };
}
