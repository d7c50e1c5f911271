import { accountRoutes } from './account';
import { adminRoutes } from './admin';
import { adminPayoutRoutes } from './admin-payouts';
import { adminPricingRoutes } from './admin-pricing';
import { adminQueueRoutes } from './admin-queues';
import { adminPeopleRoutes } from './admin-people';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { bookingRoutes } from './booking';
import { calendarRoutes } from './calendar';
import { devRoutes } from './dev';
import { diagnosisRoutes } from './diagnosis';
import type { RouteContract } from './http';
import { jobRoutes } from './jobs';
import { messageRoutes } from './messages';
import { notificationRoutes } from './notifications';
import { plumberRoutes } from './plumbers';
import { pricingRoutes } from './pricing';
import { quoteRoutes } from './quotes';
import { siteRoutes } from './site';

/**
 * Every route of the JSON API, one contract each. The server checks its answers against them in
 * tests; the browser imports the area files it needs, never this list.
 */
export const apiRoutes: readonly RouteContract[] = [
  authRoutes,
  accountRoutes,
  siteRoutes,
  bookingRoutes,
  diagnosisRoutes,
  pricingRoutes,
  jobRoutes,
  quoteRoutes,
  messageRoutes,
  notificationRoutes,
  plumberRoutes,
  adminRoutes,
  adminPayoutRoutes,
  adminPricingRoutes,
  adminQueueRoutes,
  adminPeopleRoutes,
  auditRoutes,
  devRoutes,
  calendarRoutes,
].flatMap((area) => Object.values(area));

/** `PATCH /api/jobs/:jobId/status`: how the route manifest and the router name a route. */
export const routeKey = (contract: Pick<RouteContract, 'method' | 'path'>) =>
  `${contract.method} ${contract.path}`;
