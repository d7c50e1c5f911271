import { and, desc, eq, exists, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  accountTokens,
  session,
  users,
  type AccountToken,
  type AccountTokenPurpose,
  type NewAccountToken,
  type NewUser,
  type User,
} from '@shared/schema';

export type { AccountToken, AccountTokenPurpose, User };
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

/** What a session needs of its account: who it is, whether its password changed, whether it is suspended. */
export interface SessionAccount {
  id: string;
  email: string;
  role: User['role'];
  name: string | null;
  phone: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  suspended: boolean;
}

/** A session row's data, when it expires, and the account its login names (if any). */
export interface SessionWithAccount {
  sess: unknown;
  expiresAtMs: number;
  account: SessionAccount | undefined;
}

/**
 * An unexpired session row and the account its login names (`passport.user.id`, as Passport keeps
 * it), in one round trip: every request with the session cookie asks this first
 * (docs/decisions/039-session-and-user-in-one-read.md). One fixed text, cheap to render, sent
 * unnamed for the reason given at findUserById. An id that is not a uuid (a tampered row) finds no
 * account instead of failing the cast; the expiry is checked as connect-pg-simple checks it.
 */
export async function findSessionWithAccount(
  db: Executor,
  sid: string,
  nowMs: number,
): Promise<SessionWithAccount | undefined> {
  const { rows } = await db.execute<{
    sess: unknown;
    expires_at_ms: number;
    id: string | null;
    email: string;
    role: User['role'];
    name: string | null;
    phone: string | null;
    email_verified: boolean;
    password_hash: string | null;
    suspended: boolean;
  }>(sql`
    select s.sess, (extract(epoch from s.expire) * 1000)::float8 as expires_at_ms,
           u.id, u.email, u.role, u.name, u.phone, u.email_verified_at is not null as email_verified,
           u.password_hash, u.suspended_at is not null as suspended
      from "session" s
      left join users u
        on u.id = case
                    when s.sess #>> '{passport,user,id}' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                    then (s.sess #>> '{passport,user,id}')::uuid
                  end
     where s.sid = ${sid} and s.expire >= to_timestamp(${nowMs / 1000})`);
  const [row] = rows;
  if (!row) return undefined;
  const sess: unknown = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
  if (row.id === null) return { sess, expiresAtMs: row.expires_at_ms, account: undefined };
  return {
    sess,
    expiresAtMs: row.expires_at_ms,
    account: {
      id: row.id,
      email: row.email,
      role: row.role,
      name: row.name,
      phone: row.phone,
      emailVerified: row.email_verified,
      passwordHash: row.password_hash,
      suspended: row.suspended,
    },
  };
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

/** Locks the account's row for the rest of the transaction: its tokens are issued one request at a time. */
export async function lockUserById(tx: Executor, id: string): Promise<User | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/** The account has just logged in with its password: now, on the database's clock. */
export async function recordLogin(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Marks the e-mail verified if the account still has `email`; a second call keeps the first time. */
export async function markEmailVerified(
  tx: Executor,
  userId: string,
  email: string,
  now: Date,
): Promise<User | undefined> {
  const [row] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning();
  return row;
}

export async function updatePasswordHash(tx: Executor, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function updateProfile(
  tx: Executor,
  userId: string,
  profile: { name?: string; phone?: string },
): Promise<User | undefined> {
  const [row] = await tx.update(users).set(profile).where(eq(users.id, userId)).returning();
  return row;
}

/** Moves the account to an address its owner has just proved (the link reached it). */
export async function updateEmail(tx: Executor, userId: string, email: string, now: Date): Promise<User> {
  const [row] = await tx
    .update(users)
    .set({ email, emailVerifiedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Deletes the account's personal data and keeps its row, which its jobs, quotes and payouts point
 * at: no name, phone or password; the e-mail becomes `placeholder`, an address nobody can own.
 */
export async function anonymiseUser(tx: Executor, userId: string, placeholder: string, now: Date) {
  await tx
    .update(users)
    .set({
      email: placeholder,
      name: null,
      phone: null,
      passwordHash: null,
      emailVerifiedAt: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Removes the account's tokens of one purpose (so only the next one issued works), or all of them. */
export async function deleteAccountTokens(
  tx: Executor,
  userId: string,
  purpose?: AccountTokenPurpose,
): Promise<void> {
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), purpose ? eq(accountTokens.purpose, purpose) : undefined));
}

export async function insertAccountToken(tx: Executor, values: NewAccountToken): Promise<void> {
  await tx.insert(accountTokens).values(values);
}

/**
 * The token's row while it is unused and unexpired, and its account still has the e-mail it was
 * mailed to — except a `change_email` link, mailed to the address the account is moving to.
 */
const usable = (tokenHash: string, purpose: AccountTokenPurpose, now: Date) =>
  and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
    purpose === 'change_email'
      ? undefined
      : exists(
          sql`(select 1 from ${users} where ${users.id} = ${accountTokens.userId} and ${users.email} = ${accountTokens.email})`,
        ),
  );

export async function findUsableAccountToken(
  db: Executor,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountToken | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(usable(tokenHash, purpose, now))
    .limit(1);
  return row;
}

/**
 * Uses the token if it is still usable, in one statement: of two requests with the same link, the
 * second waits for the first's row lock, then finds it used. Undefined when it was not usable.
 */
export async function useAccountToken(
  tx: Executor,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountToken | undefined> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(usable(tokenHash, purpose, now))
    .returning();
  return row;
}

/** The address the account is moving to: that of its newest usable `change_email` link, if any. */
export async function findPendingEmail(db: Executor, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'change_email'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/**
 * Ends every session of the account but `keepSessionId` (the browser that asked, when it stays
 * logged in): connect-pg-simple keeps Passport's SessionCredential inside `sess`.
 */
export async function deleteSessionsOfUser(
  tx: Executor,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  const deleted = await tx
    .delete(session)
    .where(
      and(
        sql`${session.sess}::jsonb #>> '{passport,user,id}' = ${userId}`,
        keepSessionId === undefined ? undefined : ne(session.sid, keepSessionId),
      ),
    )
    .returning({ sid: session.sid });
  return deleted.length;
}
