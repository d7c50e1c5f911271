import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** `change_email`: the link mailed to a new address; `email` is that new address (docs/decisions/025-accounts.md). */
export const ACCOUNT_TOKEN_PURPOSES = ['verify_email', 'password_reset', 'change_email'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];
export const accountTokenPurpose = pgEnum('account_token_purpose', ACCOUNT_TOKEN_PURPOSES);

/**
 * Single-use tokens of mailed links (docs/decisions/023-account-tokens.md). Only the SHA-256 of the
 * token is kept, so a copy of the table opens no account. `email` is the address the link was
 * mailed to: the token works only while the account still has it, except a `change_email` token,
 * whose address is the one the account moves to.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

export type AccountToken = typeof accountTokens.$inferSelect;
export type NewAccountToken = typeof accountTokens.$inferInsert;
