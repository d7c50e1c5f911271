import type { UserRole } from '@shared/constants';
import {
  PEOPLE_MESSAGES,
  PEOPLE_SEARCH_LIMIT,
  type AdminPerson,
  type PeopleSearchQuery,
} from '@shared/contracts/admin-people';
import type { CurrentUser } from '@shared/contracts/auth';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit';
import type { AuthService } from '../auth';
import type { PlumbersService } from '../plumbers';
import {
  countActiveAdmins,
  countHomeownerJobsInHand,
  countPlumberWorkInHand,
  findPerson,
  lockAdminRoster,
  lockUser,
  searchPeople,
  updateRole,
  updateSuspension,
  type PersonRow,
  type User,
} from './people.repository';

export interface PeopleServiceDeps {
  db: Database;
  /** The acting admin's password check, and the end of a suspended account's sessions. */
  auth: Pick<AuthService, 'confirmPassword' | 'endSessions'>;
  /** A plumber profile for an account made a plumber, in the role change's transaction. */
  plumbers: Pick<PlumbersService, 'findForUser' | 'createProfile'>;
  audit: Pick<AuditService, 'record'>;
  now?: () => Date;
}

function toAdminPerson({ user, jobsPosted, quotesSent, lastActiveAt }: PersonRow): AdminPerson {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    suspensionReason: user.suspensionReason,
    deletedAt: user.deletedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    activity: { jobsPosted, quotesSent, lastActiveAt: lastActiveAt?.toISOString() ?? null },
  };
}

/**
 * What an admin's change touches on an account: the audit log's before and after. Not the e-mail
 * or name: audit rows are never changed, and a deleted account's contact details must go.
 */
const auditedFields = (user: User) => ({
  role: user.role,
  suspendedAt: user.suspendedAt,
  suspensionReason: user.suspensionReason,
});

const isActiveAdmin = (user: User | undefined) =>
  user?.role === 'admin' && user.suspendedAt === null && user.deletedAt === null;

/**
 * The last-admin rule, the one place it is written: 409 with `message` when `target` is an active
 * admin and no other one would remain. The caller holds the admin-roster lock (`lockAdminRoster`).
 */
async function assertNotLastAdmin(
  tx: Transaction,
  target: User,
  message: string = PEOPLE_MESSAGES.lastAdmin,
): Promise<void> {
  if (isActiveAdmin(target) && (await countActiveAdmins(tx)) <= 1) {
    throw new AppError('CONFLICT', message);
  }
}

/**
 * The rule for changes made outside the People tab that take an account off the admin roster:
 * deleting one's own account (auth). Under the same lock as the tab's changes, so an admin deleting
 * their account while another admin is demoted or deletes theirs can never leave none.
 */
export function createAdminRoster() {
  return {
    /**
     * Takes the admin-roster lock and the account's row lock until `tx` ends, then refuses (409
     * CONFLICT) if the account is the last active admin.
     */
    async assertMayLeave(tx: Transaction, userId: string): Promise<void> {
      await lockAdminRoster(tx);
      const user = await lockUser(tx, userId);
      if (user) await assertNotLastAdmin(tx, user, PEOPLE_MESSAGES.lastAdminDeletion);
    },
  };
}

/**
 * The People tab (docs/decisions/031-admin-operations.md): finding accounts, suspending and
 * reinstating them, and changing their role. Every change is one transaction with its audit row,
 * behind a lock that serialises all changes to who is an active admin, so the last one can never
 * be suspended or demoted, however many admins act at once.
 */
export function createPeopleService({
  db,
  auth,
  plumbers,
  audit,
  now = () => new Date(),
}: PeopleServiceDeps) {
  /**
   * Runs `change` on the account under the admin-roster lock, with the account's row locked. The
   * acting admin is checked again inside: one demoted or suspended a moment ago acts no more (403).
   */
  async function changeAccount(
    actor: CurrentUser,
    userId: string,
    change: (tx: Transaction, target: User) => Promise<{ action: string; reason: string | null }>,
  ): Promise<AdminPerson> {
    return db.transaction(async (tx) => {
      await lockAdminRoster(tx);
      const target = await lockUser(tx, userId);
      const acting = actor.id === userId ? target : await lockUser(tx, actor.id);
      if (!isActiveAdmin(acting)) throw new AppError('FORBIDDEN', 'You do not have permission to do that');
      if (!target) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.notFound);
      if (target.deletedAt) throw new AppError('CONFLICT', PEOPLE_MESSAGES.deleted);
      const { action, reason } = await change(tx, target);
      const changed = await findPerson(tx, userId);
      if (!changed) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.notFound);
      await audit.record(tx, actor, {
        action,
        entityType: 'user',
        entityId: userId,
        before: auditedFields(target),
        after: auditedFields(changed.user),
        reason,
      });
      return toAdminPerson(changed);
    });
  }

  /**
   * 409 while the account still has work in its current role that the new one could not finish:
   * a plumber's jobs in hand and pending quotes, a homeowner's open jobs. Its history stays.
   */
  async function assertNothingInHand(tx: Transaction, target: User): Promise<void> {
    if (target.role === 'plumber') {
      const { activeJobs, pendingQuotes } = await countPlumberWorkInHand(tx, target.id);
      if (activeJobs + pendingQuotes > 0) {
        throw new AppError('CONFLICT', PEOPLE_MESSAGES.plumberWorkInHand(activeJobs, pendingQuotes));
      }
    }
    if (target.role === 'homeowner') {
      const openJobs = await countHomeownerJobsInHand(tx, target.id);
      if (openJobs > 0) throw new AppError('CONFLICT', PEOPLE_MESSAGES.homeownerWorkInHand(openJobs));
    }
  }

  return {
    /** Accounts whose e-mail or name contains the text, newest first, at most PEOPLE_SEARCH_LIMIT. */
    async search({ query }: PeopleSearchQuery): Promise<AdminPerson[]> {
      const rows = await searchPeople(db, { text: query, limit: PEOPLE_SEARCH_LIMIT });
      return rows.map(toAdminPerson);
    },

    /** Every session of the account ends in the same transaction; logging in is refused until reinstated. */
    async suspend(actor: CurrentUser, userId: string, reason: string): Promise<AdminPerson> {
      return changeAccount(actor, userId, async (tx, target) => {
        if (target.suspendedAt) throw new AppError('CONFLICT', PEOPLE_MESSAGES.alreadySuspended);
        await assertNotLastAdmin(tx, target);
        await updateSuspension(tx, userId, { suspendedAt: now(), suspensionReason: reason });
        await auth.endSessions(tx, userId);
        return { action: 'user.suspend', reason };
      });
    },

    /** The account may log in again; it had no session left to restore. */
    async reinstate(actor: CurrentUser, userId: string, reason: string): Promise<AdminPerson> {
      return changeAccount(actor, userId, async (tx, target) => {
        if (!target.suspendedAt) throw new AppError('CONFLICT', PEOPLE_MESSAGES.notSuspended);
        await updateSuspension(tx, userId, { suspendedAt: null, suspensionReason: null });
        return { action: 'user.reinstate', reason };
      });
    },

    /**
     * Needs the acting admin's own password (403 when wrong, before anything is locked). Sessions
     * stay: each request re-reads the role. An account made a plumber gets a profile to onboard
     * with, unless it kept one from an earlier time as a plumber.
     */
    async changeRole(
      actor: CurrentUser,
      userId: string,
      { role, password, reason }: { role: UserRole; password: string; reason?: string },
    ): Promise<AdminPerson> {
      await auth.confirmPassword(actor.id, password);
      return changeAccount(actor, userId, async (tx, target) => {
        if (target.role === role) throw new AppError('CONFLICT', PEOPLE_MESSAGES.sameRole);
        await assertNotLastAdmin(tx, target);
        await assertNothingInHand(tx, target);
        if (role === 'plumber' && !(await plumbers.findForUser(tx, userId))) {
          await plumbers.createProfile(tx, { userId });
        }
        await updateRole(tx, userId, role);
        return { action: 'user.role.change', reason: reason ?? null };
      });
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
