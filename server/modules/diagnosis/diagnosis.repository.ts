import { diagnostics, type Diagnostic, type NewDiagnostic } from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Diagnostic };

export async function insertDiagnostic(db: Executor, values: NewDiagnostic): Promise<Diagnostic> {
  const [row] = await db.insert(diagnostics).values(values).returning();
  return row;
}
