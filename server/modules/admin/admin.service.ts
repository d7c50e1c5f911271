import { PAST_JOB_STATUSES } from '@shared/constants';
import { DEFAULT_REGION_CODE } from '@shared/region-zip-prefixes';
import type {
  AdminCatalogItem,
  AdminJob,
  AdminJobsPage,
  AdminModifier,
  AdminRegion,
  AdminStats,
  PaginationQuery,
} from '@shared/contracts/admin';
import { MODIFIER_TYPES, modifierValuesSchema, type ModifierType } from '@shared/contracts/pricing';
import type { Database } from '../../db/client';
import { jobsByStatusOf, readMarketplaceFigures } from './admin-figures.service';
import {
  countJobs,
  countJobsByStatus,
  countReferenceData,
  listCatalogItems,
  listJobsPage,
  listModifiers,
  listRegions,
  type JobRow,
  type ModifierRow,
} from './admin.repository';

function toAdminModifier(row: ModifierRow): AdminModifier {
  const values = modifierValuesSchema.safeParse(row.valuesJson);
  return {
    ...row,
    // The database's check constraint allows only these two.
    type: (MODIFIER_TYPES as readonly string[]).includes(row.type)
      ? (row.type as ModifierType)
      : 'multiplier',
    valuesJson: values.success ? values.data : {},
  };
}

function toAdminJob(row: JobRow): AdminJob {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * What an admin reads: the pricing reference data, every job a page at a time, and the counts on
 * the dashboard cards. Read-only; who may call it is decided at the HTTP edge (admin role only).
 */
export function createAdminService(
  db: Database,
  {
    timeZone,
    now = () => new Date(),
  }: {
    /** APP_TIME_ZONE: the revenue figures are months on its clock. */
    timeZone: string;
    now?: () => Date;
  },
) {
  return {
    /**
     * The dashboard cards (active means neither completed nor cancelled, docs/product.md#states) and the
     * marketplace figures below them (shared/contracts/admin-figures.ts).
     */
    async getStats(): Promise<AdminStats> {
      const [byStatus, reference, figures] = await Promise.all([
        countJobsByStatus(db),
        countReferenceData(db),
        readMarketplaceFigures(db, { timeZone, now: now() }),
      ]);
      const countOf = (status: string) => byStatus.find((row) => row.status === status)?.count ?? 0;
      const totalJobs = byStatus.reduce((sum, row) => sum + row.count, 0);
      const pastJobs = PAST_JOB_STATUSES.reduce((sum, status) => sum + countOf(status), 0);
      return {
        activeJobs: totalJobs - pastJobs,
        completedJobs: countOf('completed'),
        cancelledJobs: countOf('cancelled'),
        totalJobs,
        serviceTypes: reference.catalogItems,
        regions: reference.regions,
        modifiers: reference.modifiers,
        jobsByStatus: jobsByStatusOf(byStatus),
        ...figures,
      };
    },

    async listCatalog(): Promise<AdminCatalogItem[]> {
      return listCatalogItems(db);
    },

    /** The national default region first, then the metros by name. */
    async listRegions(): Promise<AdminRegion[]> {
      return listRegions(db, { firstCode: DEFAULT_REGION_CODE });
    },

    async listModifiers(): Promise<AdminModifier[]> {
      return (await listModifiers(db)).map(toAdminModifier);
    },

    /** Every job, newest first, one page at a time; a page past the end is empty. */
    async listJobs({ page, pageSize }: PaginationQuery): Promise<AdminJobsPage> {
      const [rows, total] = await Promise.all([
        listJobsPage(db, { limit: pageSize, offset: (page - 1) * pageSize }),
        countJobs(db),
      ]);
      return { items: rows.map(toAdminJob), page, pageSize, total };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
