import { createHash } from 'node:crypto';
import bcrypt from 'bcrypt';

import { ACCOUNT_MESSAGES, type Account, type updateAccountInput } from '@shared/contracts/account';
import { AUTH_MESSAGES, type CurrentUser, type registerInput } from '@shared/contracts/auth';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createConcurrencyGate } from '../../lib/concurrency-gate';
import type { ClaimedJob, JobPolicy, JobQueue } from '../../lib/job-queue';
import type { BookingService } from '../booking';
import { composeMail, type MailService } from '../mail';
import type { PlumbersService } from '../plumbers';
import {
  anonymiseUser,
  deleteAccountTokens,
  deleteSessionsOfUser,
  findPendingEmail,
  findSessionWithAccount,
  findUsableAccountToken,
  findUserByEmail,
  findUserById,
  insertAccountToken,
  insertUserIfNew,
  lockUserById,
  markEmailVerified,
  recordLogin,
  updateEmail,
  updatePasswordHash,
  updateProfile,
  useAccountToken,
  type SessionAccount,
  type AccountToken,
  type AccountTokenPurpose,
  type User,
} from './auth.repository';
import { assertStrongPassword } from './password-rule';
import type { SessionCache } from './session-cache';
import { hashLinkToken, newLinkToken } from '../../lib/link-token';

export type RegisterData = z.output<typeof registerInput>;
export type AccountChanges = z.output<typeof updateAccountInput>;

export interface AuthServiceDeps {
  db: Database;
  bcryptCost: number;
  /** Admission control for bcrypt: a flood of logins must not queue without bound. */
  passwordChecks: { concurrency: number; maxQueued: number; maxWaitMs: number };
  /** Creates a plumber account's profile in the registration's transaction. */
  plumbers: Pick<PlumbersService, 'createProfile' | 'forgetDetails'>;
  /** Hands an account the bookings it made as a guest once its e-mail is verified, in the same transaction. */
  booking: Pick<BookingService, 'claimGuestRequests' | 'forgetBooker'>;
  /** Queues the verification and reset mails in the transaction that issues their tokens. */
  mail: Pick<MailService, 'send'>;
  /** Holds password-reset requests until a worker, on any instance, looks the address up. */
  jobQueue: Pick<JobQueue, 'define' | 'send'>;
  /** Where the app is opened: every mailed link starts with it. */
  publicUrl: string;
  /**
   * The People tab's last-admin rule (createAdminRoster, server/modules/admin/people.service.ts):
   * in the deletion's transaction, under the admin-roster lock, 409 for the last active admin.
   */
  adminRoster: { assertMayLeave(tx: Transaction, userId: string): Promise<void> };
  /** The clock tokens are issued and checked by. */
  now?: () => Date;
  /** Session reads kept in memory between committed changes (docs/decisions/042-session-cache.md). */
  sessionCache: Pick<SessionCache, 'read' | 'forget'>;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const PASSWORD_CHECKS_BUSY_MESSAGE =
  'Plumbline is busy signing people in. Please try again in a moment.';

/** How long a mailed link works (docs/decisions/023-account-tokens.md). */
export const ACCOUNT_TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

export const PASSWORD_RESET_REQUEST_QUEUE = 'password-reset-request';

/** A queued `POST /api/auth/password-reset`: the normalised e-mail it named. */
interface PasswordResetRequest {
  email: string;
}

/**
 * A few minutes of retries (a database restart or failover); after that the user has likely asked
 * again. A request is a lookup and one short transaction.
 */
const PASSWORD_RESET_REQUEST_POLICY: JobPolicy = {
  // Each request takes a pooled connection while it runs: a few at once leave the rest to requests.
  batchSize: 5,
  retryLimit: 8,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 60,
  // Far longer than the lookup and the transaction take (every statement is bounded by the pool's
  // timeouts); the completion is in that transaction anyway, so a slow request is never worked twice.
  expireInSeconds: 120,
  // The job holds the address that asked: kept no longer than the link it leads to works.
  deleteAfterSeconds: 60 * 60,
};

/** What a deleted account's e-mail becomes: unique, and in a domain that can never receive mail (RFC 2606). */
const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * What a session keeps besides the account's id: a digest of the password hash it logged in with.
 * A password change or reset makes every other session's key stale, so even a session row that an
 * in-flight request writes back after the sessions were deleted opens nothing.
 */
export interface SessionCredential {
  id: string;
  key: string;
}

/**
 * Who a session opens: its user, or why it opens nothing — `ended` (the account is gone or its
 * password changed since the login) or `suspended` (an admin suspended the account; the request is
 * told so, docs/decisions/031-admin-operations.md).
 */
export type SessionLookup = { user: CurrentUser } | { refused: 'ended' | 'suspended' };

/**
 * A stored session as the session store hands it on, and, when it holds a login, the credential
 * object inside it with who that opens, read in the same round trip (docs/decisions/039-session-and-user-in-one-read.md).
 */
export interface StoredSession {
  data: unknown;
  login?: { credential: SessionCredential; lookup: SessionLookup };
}

const sessionKeyOf = (user: Pick<User, 'passwordHash'>) =>
  createHash('sha256')
    .update(user.passwordHash ?? '')
    .digest('base64url')
    .slice(0, 22);

/** Who a session's credential (its `key`) opens, given its account as read now (undefined: gone). */
function lookUpSession(
  key: string,
  account: { passwordHash: string | null; suspended: boolean; user: CurrentUser } | undefined,
): SessionLookup {
  if (!account || sessionKeyOf(account) !== key) return { refused: 'ended' };
  if (account.suspended) return { refused: 'suspended' };
  return { user: account.user };
}

const isSessionCredential = (value: unknown): value is SessionCredential =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SessionCredential).id === 'string' &&
  typeof (value as SessionCredential).key === 'string';

const sessionAccountOf = (account: SessionAccount) => ({
  passwordHash: account.passwordHash,
  suspended: account.suspended,
  user: {
    id: account.id,
    email: account.email,
    role: account.role,
    name: account.name,
    phone: account.phone,
    emailVerified: account.emailVerified,
  },
});

export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    name: user.name,
    phone: user.phone,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

export function createAuthService({
  db,
  bcryptCost,
  passwordChecks,
  plumbers,
  booking,
  mail,
  jobQueue,
  publicUrl,
  adminRoster,
  now = () => new Date(),
  sessionCache,
}: AuthServiceDeps) {
  // Compared against when the e-mail is unknown, so both failures take the same time.
  const dummyHash = bcrypt.hash('plumbline-timing-equaliser', bcryptCost);
  const passwordGate = createConcurrencyGate({
    ...passwordChecks,
    busyMessage: PASSWORD_CHECKS_BUSY_MESSAGE,
  });
  const hashPassword = (password: string) => passwordGate.run(() => bcrypt.hash(password, bcryptCost));

  /**
   * Whether `password` opens the account, through the admission gate. An unknown account is
   * compared against a dummy hash (the same time); one without a password (deleted) matches nothing.
   */
  async function passwordMatches(user: User | undefined, password: string): Promise<boolean> {
    const hash = user?.passwordHash ?? (await dummyHash);
    const matches = await passwordGate.run(() => bcrypt.compare(password, hash));
    return Boolean(user?.passwordHash) && matches;
  }

  /** The message of each kind of link; `to` is where it goes. */
  const linkMail = (purpose: AccountTokenPurpose, to: string, url: (path: string) => string) => {
    switch (purpose) {
      case 'verify_email':
        return composeMail({
          to,
          subject: 'Confirm your e-mail address',
          paragraphs: [
            'Welcome to Plumbline. Please confirm that this is your e-mail address.',
            'The link works once, for 24 hours. If you did not create an account, ignore this e-mail.',
          ],
          action: { label: 'Confirm my e-mail', url: url('/verify-email') },
        });
      case 'change_email':
        return composeMail({
          to,
          subject: 'Confirm your new e-mail address',
          paragraphs: [
            'You asked to use this address for your Plumbline account. ' +
              'Until you confirm it, we keep writing to your current address.',
            'The link works once, for 24 hours. If you did not ask, ignore this e-mail.',
          ],
          action: { label: 'Confirm my new e-mail', url: url('/verify-email') },
        });
      case 'password_reset':
        return composeMail({
          to,
          subject: 'Reset your Plumbline password',
          paragraphs: [
            'Someone asked to reset the password of the Plumbline account with this e-mail address.',
            'The link works once, for 1 hour, and signs you out everywhere. ' +
              'If you did not ask, ignore this e-mail: your password stays as it is.',
          ],
          action: { label: 'Choose a new password', url: url('/reset-password') },
        });
    }
  };

  /**
   * A new link for `purpose`, mailed to `to` (the account's current e-mail unless it is a new
   * address to confirm) in the caller's transaction (the mail is queued only if the token is
   * stored); the account's earlier links of that purpose stop working. The caller holds the
   * account's row lock or has just created it.
   */
  async function mailNewLink(
    tx: Executor,
    user: User,
    purpose: AccountTokenPurpose,
    to: string = user.email,
  ): Promise<void> {
    const token = newLinkToken();
    await deleteAccountTokens(tx, user.id, purpose);
    await insertAccountToken(tx, {
      userId: user.id,
      purpose,
      tokenHash: hashLinkToken(token),
      email: to,
      expiresAt: new Date(now().getTime() + ACCOUNT_TOKEN_LIFETIME_MS[purpose]),
    });
    await mail.send(
      tx,
      linkMail(purpose, to, (path) => `${publicUrl}${path}?token=${token}`),
    );
  }

  const emailTaken = () =>
    new AppError('EMAIL_TAKEN', 'An account with this email already exists. Log in instead.');

  /** The owner proved the e-mail is theirs: it is verified, and their guest bookings join the account. */
  async function confirmEmail(tx: Executor, userId: string, email: string): Promise<User | undefined> {
    const user = await markEmailVerified(tx, userId, email, now());
    if (user) await booking.claimGuestRequests(tx, user.id, user.email);
    return user;
  }

  /**
   * The owner used the link mailed to a new address: the account moves there, verified (guest
   * bookings with it join), and the old address is told, in case the change was not theirs.
   */
  async function switchEmail(tx: Executor, token: AccountToken): Promise<User | undefined> {
    const user = await lockUserById(tx, token.userId);
    if (!user || user.deletedAt) return undefined;
    const holder = await findUserByEmail(tx, token.email);
    if (holder && holder.id !== user.id) throw emailTaken();
    // Verification links of the old address have nothing left to verify.
    await deleteAccountTokens(tx, user.id, 'verify_email');
    const moved = await updateEmail(tx, user.id, token.email, now());
    await booking.claimGuestRequests(tx, moved.id, moved.email);
    await mail.send(
      tx,
      composeMail({
        to: user.email,
        subject: 'Your Plumbline e-mail address was changed',
        paragraphs: [
          `The e-mail address of your Plumbline account is now ${moved.email}; we will write there from now on.`,
          'If you did not make this change, contact us at once.',
        ],
      }),
    );
    return moved;
  }

  /**
   * Works a queued reset request, on whichever instance claims it: mails a reset link if an
   * account has this e-mail, and does nothing otherwise. The job is completed in the transaction
   * that stores the token and queues the mail, so a request leads to one link however often it is
   * retried (docs/decisions/023-account-tokens.md).
   */
  async function issuePasswordReset(job: ClaimedJob<PasswordResetRequest>): Promise<void> {
    await db.transaction(async (tx) => {
      await job.completeIn(tx);
      const user = await findUserByEmail(tx, job.data.email);
      const locked = user && (await lockUserById(tx, user.id));
      if (locked && !locked.deletedAt) await mailNewLink(tx, locked, 'password_reset');
    });
  }
  jobQueue.define(PASSWORD_RESET_REQUEST_QUEUE, PASSWORD_RESET_REQUEST_POLICY, issuePasswordReset);

  const toAccount = (user: User, pendingEmail: string | null): Account => ({
    name: user.name,
    phone: user.phone,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail,
  });

  /** The logged-in owner's account; its session may outlive it only by one request. */
  async function requireAccount(executor: Executor, userId: string): Promise<User> {
    const user = await findUserById(executor, userId);
    if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
    return user;
  }

  /** 403 FORBIDDEN with `details` naming `field` unless `password` opens the account. */
  async function assertPassword(user: User, password: string, field: string): Promise<void> {
    if (!(await passwordMatches(user, password))) {
      throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.passwordWrong, [
        { path: field, message: ACCOUNT_MESSAGES.passwordWrong },
      ]);
    }
  }

  return {
    /** Creates the account (and a plumber profile for plumbers) and mails its verification link, in one transaction. */
    async register(data: RegisterData): Promise<CurrentUser> {
      assertStrongPassword(data.password, { email: data.email }, 'password');
      const passwordHash = await hashPassword(data.password);
      const role = data.role ?? 'homeowner';
      const user = await db.transaction(async (tx) => {
        const created = await insertUserIfNew(tx, { email: data.email, passwordHash, role });
        if (!created) {
          throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Log in instead.');
        }
        if (role === 'plumber') await plumbers.createProfile(tx, { userId: created.id });
        // Guest bookings with this e-mail join the account only once the e-mail is verified.
        await mailNewLink(tx, created, 'verify_email');
        return created;
      });
      return toCurrentUser(user);
    },

    /**
     * Returns the user for a correct e-mail and password, otherwise null — never says which was
     * wrong. A suspended account is refused (403 ACCOUNT_SUSPENDED) only once the password is
     * right, so the suspension is told to its owner and to nobody else. A login let in is recorded
     * (`lastLoginAt`, the People tab's "Last login").
     */
    async verifyCredentials(email: string, password: string): Promise<CurrentUser | null> {
      const user = await findUserByEmail(db, email);
      const matches = await passwordMatches(user, password);
      if (!user || !matches) return null;
      if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED', ACCOUNT_MESSAGES.suspended);
      await recordLogin(db, user.id);
      return toCurrentUser(user);
    },

    /** What a logged-in session keeps: null when the account is gone. */
    async sessionCredentialOf(userId: string): Promise<SessionCredential | null> {
      const user = await findUserById(db, userId);
      return user ? { id: user.id, key: sessionKeyOf(user) } : null;
    },

    /**
     * Who the session opens, read on every request: a session that outlived its account's
     * suspension (one written back by a request in flight, or on an instance that has not heard)
     * opens nothing.
     */
    async findSessionUser({ id, key }: SessionCredential): Promise<SessionLookup> {
      const user = await findUserById(db, id);
      return lookUpSession(
        key,
        user && {
          passwordHash: user.passwordHash,
          suspended: user.suspendedAt !== null,
          user: toCurrentUser(user),
        },
      );
    },

    /**
     * The session store's read: an unexpired session by id and, when it holds a login (Passport's
     * `passport.user`), who it opens — the same answer as findSessionUser, in the same round trip.
     */
    async readSession(sid: string): Promise<StoredSession | undefined> {
      const found = await sessionCache.read(sid, () => findSessionWithAccount(db, sid, Date.now()));
      if (!found) return undefined;
      const credential = (found.sess as { passport?: { user?: unknown } } | null)?.passport?.user;
      if (!isSessionCredential(credential)) return { data: found.sess };
      const lookup = lookUpSession(credential.key, found.account && sessionAccountOf(found.account));
      return { data: found.sess, login: { credential, lookup } };
    },

    /** Forgets any kept copy of the session: this process is about to write or delete it. */
    forgetSession(sid: string): void {
      sessionCache.forget(sid);
    },

    /**
     * 403 FORBIDDEN with `details` naming `field` unless `password` opens the logged-in account:
     * what a sensitive action asks before it runs (an admin's role change, deleting the account).
     */
    async confirmPassword(userId: string, password: string, field = 'password'): Promise<void> {
      await assertPassword(await requireAccount(db, userId), password, field);
    },

    /** Ends every session of the account, inside the caller's transaction `tx` (a suspension's). */
    async endSessions(tx: Executor, userId: string): Promise<void> {
      await deleteSessionsOfUser(tx, userId);
    },

    /**
     * Uses a verification link: the account it was mailed for is verified and answered. A link
     * mailed to a new address moves the account there (409 EMAIL_TAKEN if another account took it).
     */
    async verifyEmail(token: string): Promise<CurrentUser> {
      const tokenHash = hashLinkToken(token);
      return db.transaction(async (tx) => {
        const verifying = await useAccountToken(tx, tokenHash, 'verify_email', now());
        const changing = verifying ? undefined : await useAccountToken(tx, tokenHash, 'change_email', now());
        const user = verifying
          ? await confirmEmail(tx, verifying.userId, verifying.email)
          : changing && (await switchEmail(tx, changing));
        if (!user) throw new AppError('TOKEN_INVALID', AUTH_MESSAGES.verificationLinkInvalid);
        return toCurrentUser(user);
      });
    },

    /** Mails the account a new verification link, unless its e-mail is verified already. */
    async resendVerification(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await lockUserById(tx, userId);
        if (user && user.emailVerifiedAt === null) await mailNewLink(tx, user, 'verify_email');
      });
    },

    /**
     * Queues the request, to be worked later by `issuePasswordReset`: one insert, the same for every
     * address, so the answer says nothing about the account, not even by its time. Once this
     * returns the request survives this process.
     */
    async requestPasswordReset(email: string): Promise<void> {
      await jobQueue.send<PasswordResetRequest>(db, PASSWORD_RESET_REQUEST_QUEUE, { email });
    },

    /**
     * Uses a reset link: sets the password, counts as verifying the e-mail (the link reached its
     * inbox) and ends every session of the account. Returns the account's id.
     */
    async confirmPasswordReset(token: string, password: string): Promise<{ userId: string }> {
      const invalid = () => new AppError('TOKEN_INVALID', AUTH_MESSAGES.resetLinkInvalid);
      const tokenHash = hashLinkToken(token);
      // A dead link is refused before the password is hashed: bcrypt is the scarce resource.
      const usable = await findUsableAccountToken(db, tokenHash, 'password_reset', now());
      const owner = usable && (await findUserById(db, usable.userId));
      if (!owner) throw invalid();
      assertStrongPassword(password, owner, 'password');
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const used = await useAccountToken(tx, tokenHash, 'password_reset', now());
        if (!used) throw invalid();
        await updatePasswordHash(tx, used.userId, passwordHash);
        await confirmEmail(tx, used.userId, used.email);
        await deleteSessionsOfUser(tx, used.userId);
        return { userId: used.userId };
      });
    },

    async getAccount(userId: string): Promise<Account> {
      const user = await requireAccount(db, userId);
      return toAccount(user, await findPendingEmail(db, userId, now()));
    },

    /**
     * Sets the name and phone given. A new e-mail is mailed a link and changes nothing until it is
     * used (`verifyEmail`); giving the current e-mail again cancels a pending change.
     */
    async updateAccount(userId: string, { email, ...profile }: AccountChanges): Promise<Account> {
      return db.transaction(async (tx) => {
        let user = await lockUserById(tx, userId);
        if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
        if (profile.name !== undefined || profile.phone !== undefined) {
          user = (await updateProfile(tx, userId, profile)) ?? user;
        }
        if (email === user.email) await deleteAccountTokens(tx, userId, 'change_email');
        else if (email !== undefined) {
          if (await findUserByEmail(tx, email)) throw emailTaken();
          await mailNewLink(tx, user, 'change_email', email);
        }
        return toAccount(user, await findPendingEmail(tx, userId, now()));
      });
    },

    /**
     * Needs the current password; the new one follows the password rule. Every other session of
     * the account ends (`keepSessionId` is the asking browser's) and earlier reset links stop working.
     */
    async changePassword(
      userId: string,
      keepSessionId: string,
      { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      const user = await requireAccount(db, userId);
      if (!(await passwordMatches(user, currentPassword))) {
        throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.currentPasswordWrong, [
          { path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong },
        ]);
      }
      assertStrongPassword(newPassword, user, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await updatePasswordHash(tx, userId, passwordHash);
        await deleteAccountTokens(tx, userId, 'password_reset');
        await deleteSessionsOfUser(tx, userId, keepSessionId);
      });
    },

    /**
     * Needs the password. Name, phone and e-mail go (the e-mail becomes a placeholder, so the
     * address may register again), no password opens the account, its links and sessions end; the
     * row stays for the jobs, quotes and payouts that point at it. The last active admin is refused
     * (409): someone must still be able to run Plumbline.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      const user = await requireAccount(db, userId);
      await assertPassword(user, password, 'password');
      await db.transaction(async (tx) => {
        await adminRoster.assertMayLeave(tx, userId);
        await anonymiseUser(tx, userId, deletedEmail(userId), now());
        await booking.forgetBooker(tx, userId, deletedEmail(userId));
        if (user.role === 'plumber') await plumbers.forgetDetails(tx, userId);
        await deleteAccountTokens(tx, userId);
        await deleteSessionsOfUser(tx, userId);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
