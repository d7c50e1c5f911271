import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  href: string;
  /** Shown only to a logged-in user. */
  requiresUser?: boolean;
}

/** docs/product.md#screens-and-routes "Header and navigation". */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', href: paths.home },
  { label: 'Services', href: paths.services },
  { label: 'AI Diagnosis', href: paths.diagnose },
  { label: 'Dashboard', href: paths.dashboard, requiresUser: true },
];

export function isActivePath(location: string, href: string): boolean {
  if (href === paths.home) return location === paths.home;
  return location === href || location.startsWith(`${href}/`);
}
