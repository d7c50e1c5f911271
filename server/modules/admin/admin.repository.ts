import { asc, desc, eq, sql } from 'drizzle-orm';
import type { JobStatus } from '@shared/constants';
import { jobs, modifiers, pricingCatalog, regions, type Job, type Modifier } from '@shared/schema';
import type { Executor } from '../../db/client';

/**
 * Read-only queries for the admin dashboard. Counts are aggregates computed by the database;
 * the only unbounded table (jobs) is read a page at a time.
 */

export type CatalogItemRow = Pick<
  typeof pricingCatalog.$inferSelect,
  'id' | 'issueSlug' | 'issueName' | 'baseMin' | 'baseMax' | 'unit' | 'category' | 'notes' | 'isActive'
>;
export type RegionRow = Pick<
  typeof regions.$inferSelect,
  | 'id'
  | 'code'
  | 'name'
  | 'state'
  | 'metro'
  | 'laborIndex'
  | 'materialIndex'
  | 'currency'
  | 'timeZone'
  | 'isActive'
>;
export type ModifierRow = Pick<
  Modifier,
  'id' | 'key' | 'type' | 'name' | 'description' | 'valuesJson' | 'isActive'
>;
export type JobRow = Pick<
  Job,
  | 'id'
  | 'customerId'
  | 'plumberId'
  | 'issueSlug'
  | 'issueDescription'
  | 'address'
  | 'urgency'
  | 'preferredDate'
  | 'currentStatus'
  | 'createdAt'
  | 'updatedAt'
>;

/** The catalogue grouped by category, then by issue name. */
export async function listCatalogItems(db: Executor): Promise<CatalogItemRow[]> {
  return db
    .select({
      id: pricingCatalog.id,
      issueSlug: pricingCatalog.issueSlug,
      issueName: pricingCatalog.issueName,
      baseMin: pricingCatalog.baseMin,
      baseMax: pricingCatalog.baseMax,
      unit: pricingCatalog.unit,
      category: pricingCatalog.category,
      notes: pricingCatalog.notes,
      isActive: pricingCatalog.isActive,
    })
    .from(pricingCatalog)
    .orderBy(asc(pricingCatalog.category), asc(pricingCatalog.issueName));
}

/** Regions by name, with `firstCode` (the national default) at the top. */
export async function listRegions(db: Executor, options: { firstCode: string }): Promise<RegionRow[]> {
  return db
    .select({
      id: regions.id,
      code: regions.code,
      name: regions.name,
      state: regions.state,
      metro: regions.metro,
      laborIndex: regions.laborIndex,
      materialIndex: regions.materialIndex,
      currency: regions.currency,
      timeZone: regions.timeZone,
      isActive: regions.isActive,
    })
    .from(regions)
    .orderBy(desc(eq(regions.code, options.firstCode)), asc(regions.name));
}

export async function listModifiers(db: Executor): Promise<ModifierRow[]> {
  return db
    .select({
      id: modifiers.id,
      key: modifiers.key,
      type: modifiers.type,
      name: modifiers.name,
      description: modifiers.description,
      valuesJson: modifiers.valuesJson,
      isActive: modifiers.isActive,
    })
    .from(modifiers)
    .orderBy(asc(modifiers.name));
}

/**
 * How many jobs are in each status (statuses that never had a job are absent): the folded totals plus the
 * changes not folded yet, never a count of the jobs (docs/decisions/034-job-status-tallies.md).
 */
export async function countJobsByStatus(db: Executor): Promise<Array<{ status: JobStatus; count: number }>> {
  const result = await db.execute<{ status: JobStatus; count: string }>(sql`
    select status, sum(jobs)::text as count
      from (select status, jobs from job_status_counts
            union all
            select status, delta from job_status_count_changes) as tallies
     group by status`);
  return result.rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

/** Row counts of the reference tables (each a `count(*)` in the database). */
export async function countReferenceData(
  db: Executor,
): Promise<{ catalogItems: number; regions: number; modifiers: number }> {
  const [catalogItems, regionCount, modifierCount] = await Promise.all([
    db.$count(pricingCatalog),
    db.$count(regions),
    db.$count(modifiers),
  ]);
  return { catalogItems, regions: regionCount, modifiers: modifierCount };
}

/** Every job, from the same tallies as countJobsByStatus. */
export async function countJobs(db: Executor): Promise<number> {
  return (await countJobsByStatus(db)).reduce((sum, row) => sum + row.count, 0);
}

/** A page of jobs, newest first (id breaks ties so pages never overlap). */
export async function listJobsPage(
  db: Executor,
  options: { limit: number; offset: number },
): Promise<JobRow[]> {
  return db
    .select({
      id: jobs.id,
      customerId: jobs.customerId,
      plumberId: jobs.plumberId,
      issueSlug: jobs.issueSlug,
      issueDescription: jobs.issueDescription,
      address: jobs.address,
      urgency: jobs.urgency,
      preferredDate: jobs.preferredDate,
      currentStatus: jobs.currentStatus,
      createdAt: jobs.createdAt,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(options.limit)
    .offset(options.offset);
}
