import { eq, sql } from 'drizzle-orm';
import { users, type NewUser, type User } from '@shared/schema';

export type { User };
import type { Executor } from '../../db/client';

const prepareFindUserById = (db: Executor) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_user_by_id');

// Every authenticated request re-reads its user (so role changes apply at once): build that query's SQL
// once per database handle, and let PostgreSQL parse it once per connection (docs/performance.md, 2).
const findUserByIdQueries = new WeakMap<Executor, ReturnType<typeof prepareFindUserById>>();

export async function findUserById(db: Executor, id: string): Promise<User | undefined> {
  let query = findUserByIdQueries.get(db);
  if (!query) {
    query = prepareFindUserById(db);
    findUserByIdQueries.set(db, query);
  }
  const [row] = await query.execute({ id });
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
