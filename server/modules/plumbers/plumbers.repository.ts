import { eq } from 'drizzle-orm';
import { plumbers, type NewPlumber, type Plumber } from '@shared/schema';
import type { Executor } from '../../db/client';

export async function insertPlumber(db: Executor, values: NewPlumber): Promise<Plumber> {
  const [row] = await db.insert(plumbers).values(values).returning();
  return row;
}

export async function findPlumberByUserId(db: Executor, userId: string): Promise<Plumber | undefined> {
  const [row] = await db.select().from(plumbers).where(eq(plumbers.userId, userId)).limit(1);
  return row;
}
