import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';
import { useAdminStats } from '../api/get-admin-stats';
import { usePricingCatalog } from '../api/get-pricing-catalog';
import { usePricingModifiers } from '../api/get-pricing-modifiers';
import { usePricingRegions } from '../api/get-pricing-regions';
import { ADMIN_COPY } from '../copy';
import type { AccessDeniedReason } from './admin-access-denied';
import { AdminFigures } from './admin-figures';
import { AdminQueues } from './admin-queues';
import { AdminStatCards } from './admin-stat-cards';
import { AuditLog } from './audit-log';
import { CatalogTable } from './catalog-table';
import { EstimatePreview } from './estimate-preview';
import { ModifiersTable } from './modifiers-table';
import { PeopleTab } from './people-tab';
import { PayoutsTab } from './payouts-tab';
import { PlumbersReview } from './plumbers-review';
import { RegionsTable } from './regions-table';

export interface AdminDashboardProps {
  /**
   * What to show when the server refuses the admin lists (a session that expired, a role that
   * changed): the page decides, e.g. with a way to log in.
   */
  renderAccessDenied: (reason: AccessDeniedReason) => ReactNode;
  /** The app's zone (docs/decisions/018-time-zone.md): the People tab's times are on its clock. */
  timeZone: string;
}

/**
 * docs/product.md#screens-and-routes "Admin dashboard": four cards and three read-only tabs, plus the estimate
 * preview; and the Plumbers tab, where an admin verifies or rejects plumbers (ADR 024).
 */
export function AdminDashboard({ renderAccessDenied, timeZone }: AdminDashboardProps) {
  const queryClient = useQueryClient();
  const stats = useAdminStats();
  const catalog = usePricingCatalog();
  const regions = usePricingRegions();
  const modifiers = usePricingModifiers();

  const queries = [stats, catalog, regions, modifiers];
  const errors = queries.flatMap((query) => (query.error ? [query.error] : []));
  const unauthenticated = errors.some((error) => isApiError(error, 401));
  const forbidden = errors.some((error) => isApiError(error, 403));
  const failure = errors.find((error) => !isApiError(error, 401) && !isApiError(error, 403));

  // The server no longer knows this session: refresh the current user so the whole app sees it.
  useEffect(() => {
    if (unauthenticated) void queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
  }, [unauthenticated, queryClient]);

  if (unauthenticated) return renderAccessDenied('logged-out');
  if (forbidden) return renderAccessDenied('not-admin');

  const retry = () => {
    for (const query of queries) if (query.isError) void query.refetch();
  };

  return (
    <div
      className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-16 lg:px-8"
      data-testid="admin-dashboard"
    >
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{ADMIN_COPY.title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{ADMIN_COPY.description}</p>

      {failure && (
        <div
          role="alert"
          className="mt-6 flex flex-col gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p>
            <span className="font-semibold text-destructive">{ADMIN_COPY.loadFailed}</span>{' '}
            {getErrorMessage(failure, 'Please try again.')}
          </p>
          <Button variant="outline" size="sm" onClick={retry} className="self-start sm:self-auto">
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}

      <div className="mt-8">
        <AdminStatCards stats={stats.data} failed={stats.isError} />
      </div>
      <div className="mt-4">
        <AdminFigures stats={stats.data} failed={stats.isError} />
      </div>

      <Tabs defaultValue="catalog" className="mt-10">
        <TabsList aria-label="Admin lists">
          <TabsTrigger value="catalog">{ADMIN_COPY.tabs.catalog}</TabsTrigger>
          <TabsTrigger value="regions">{ADMIN_COPY.tabs.regions}</TabsTrigger>
          <TabsTrigger value="modifiers">{ADMIN_COPY.tabs.modifiers}</TabsTrigger>
          <TabsTrigger value="plumbers">{ADMIN_COPY.tabs.plumbers}</TabsTrigger>
          <TabsTrigger value="people">{ADMIN_COPY.tabs.people}</TabsTrigger>
          <TabsTrigger value="queues">{ADMIN_COPY.tabs.queues}</TabsTrigger>
          <TabsTrigger value="audit">{ADMIN_COPY.tabs.audit}</TabsTrigger>
          <TabsTrigger value="payouts">{ADMIN_COPY.tabs.payouts}</TabsTrigger>
        </TabsList>

        <TabsContent value="catalog">
          <h2 className="sr-only">{ADMIN_COPY.tabs.catalog}</h2>
          <div className="grid grid-cols-1 gap-8">
            <EstimatePreview catalog={catalog.data} regions={regions.data} />
            <CatalogTable items={catalog.data} failed={catalog.isError} />
          </div>
        </TabsContent>

        <TabsContent value="regions">
          <h2 className="sr-only">{ADMIN_COPY.tabs.regions}</h2>
          <RegionsTable regions={regions.data} failed={regions.isError} />
        </TabsContent>

        <TabsContent value="modifiers">
          <h2 className="sr-only">{ADMIN_COPY.tabs.modifiers}</h2>
          <ModifiersTable modifiers={modifiers.data} failed={modifiers.isError} />
        </TabsContent>

        <TabsContent value="plumbers">
          <h2 className="sr-only">{ADMIN_COPY.tabs.plumbers}</h2>
          <PlumbersReview />
        </TabsContent>

        <TabsContent value="people">
          <h2 className="sr-only">{ADMIN_COPY.tabs.people}</h2>
          <PeopleTab timeZone={timeZone} />
        </TabsContent>

        <TabsContent value="queues">
          <h2 className="sr-only">{ADMIN_COPY.tabs.queues}</h2>
          <AdminQueues />
        </TabsContent>

        <TabsContent value="audit">
          <h2 className="sr-only">{ADMIN_COPY.tabs.audit}</h2>
          <AuditLog />
        </TabsContent>

        <TabsContent value="payouts">
          <h2 className="sr-only">{ADMIN_COPY.tabs.payouts}</h2>
          <PayoutsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
