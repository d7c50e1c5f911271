import { eq } from 'drizzle-orm';
import { users, type NewUser, type User } from '@shared/schema';

export type { User };
import type { Executor } from '../../db/client';

/**
 * Every authenticated request re-reads its user, so a role change applies at once. A plain
 * (unnamed) statement: a named one lives in the database session, and the embedded database shares
 * one session between all pool connections, so a recycled connection would prepare it twice.
 */
export async function findUserById(db: Executor, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** E-mails are stored lower-cased, so this lookup is case-insensitive for normalised input. */
export async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Inserts unless the e-mail exists; returns undefined on that conflict (no exception to catch). */
export async function insertUserIfNew(db: Executor, values: NewUser): Promise<User | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}
