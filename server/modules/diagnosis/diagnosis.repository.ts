import { and, eq, gte, sql } from 'drizzle-orm';
import { diagnostics, type Diagnostic, type NewDiagnostic } from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Diagnostic };

export async function insertDiagnostic(db: Executor, values: NewDiagnostic): Promise<Diagnostic> {
  const [row] = await db.insert(diagnostics).values(values).returning();
  return row;
}

/**
 * The photo URLs of a diagnosis made at or after `since`, its row share-locked until the caller's
 * transaction ends (the retention sweep locks it for update: docs/decisions/016-media-store.md).
 * Undefined for an unknown or older diagnosis.
 */
export async function lockRecentDiagnosisPhotos(
  tx: Executor,
  id: string,
  since: Date,
): Promise<string[] | undefined> {
  const [row] = await tx
    .select({ imageUrls: diagnostics.imageUrls })
    .from(diagnostics)
    .where(and(eq(diagnostics.id, id), gte(diagnostics.createdAt, since)))
    .limit(1)
    .for('share');
  return row?.imageUrls;
}

/** Whether any diagnosis still lists this photo URL. */
export async function isPhotoListedByDiagnosis(db: Executor, url: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from ${diagnostics} where ${url} = any(${diagnostics.imageUrls})) as found`,
  );
  return result.rows[0]?.found === true;
}
