import { z } from './zod';
import { USER_ROLES } from '../constants';
import { auditReasonField } from './audit';
import { FIELD_MESSAGES, timestampSchema, uuidField } from './common';
import { defineRoute } from './http';

/** The most accounts one GET /api/admin/users answers, newest first: search more precisely for others. */
export const PEOPLE_SEARCH_LIMIT = 50;

export const PEOPLE_MESSAGES = {
  queryInvalid: 'Search text must be at most 254 characters',
  roleInvalid: 'Role must be homeowner, plumber or admin',
  passwordRequired: 'Enter your own password to confirm',
  notFound: 'Account not found',
  deleted: 'This account was deleted by its owner: it cannot be suspended or given another role',
  alreadySuspended: 'This account is already suspended',
  notSuspended: 'This account is not suspended',
  sameRole: 'This account already has that role',
  lastAdmin:
    'This is the last active admin. Make another account an admin first, so someone can still run Plumbline.',
  /** 409 of DELETE /api/account by the last active admin (the same rule as `lastAdmin`). */
  lastAdminDeletion:
    'You are the last active admin. Make another account an admin first, so someone can still run Plumbline.',
  /** 409 of a role change away from plumber while the plumber still has work to finish. */
  plumberWorkInHand: (jobs: number, quotes: number) =>
    `This plumber still has ${jobs} active job(s) and ${quotes} pending quote(s). ` +
    'Change the role once they are finished or cancelled; suspend the account to stop it at once.',
  /** 409 of a role change away from homeowner while the homeowner still has open jobs. */
  homeownerWorkInHand: (jobs: number) =>
    `This homeowner still has ${jobs} job(s) that are not completed or cancelled. ` +
    'Change the role once they are finished or cancelled; suspend the account to stop it at once.',
} as const;

/** The `:userId` of /api/admin/users/:userId/…. */
export const userIdParam = z.object({ userId: uuidField(FIELD_MESSAGES.userIdInvalid) });
export type UserIdParam = z.input<typeof userIdParam>;

/**
 * `?query=` of GET /api/admin/users: part of an e-mail or a name, case-insensitive. Empty or absent
 * lists the newest accounts. At most PEOPLE_SEARCH_LIMIT rows, newest first.
 */
export const peopleSearchQuery = z.object({
  query: z
    .string({ error: PEOPLE_MESSAGES.queryInvalid })
    .trim()
    .max(254, { error: PEOPLE_MESSAGES.queryInvalid })
    .default(''),
});
export type PeopleSearchQueryInput = z.input<typeof peopleSearchQuery>;
export type PeopleSearchQuery = z.output<typeof peopleSearchQuery>;

/**
 * What an account has done, as far as is cheap to count: Plumbline keeps no login history (a
 * session row goes at logout; only the last password login is kept, `lastLoginAt` of the account),
 * so activity is the marketplace's own record. `lastActiveAt` is the newest job posted or quote
 * sent; null when there is none.
 */
export const personActivitySchema = z.object({
  jobsPosted: z.number().int(),
  quotesSent: z.number().int(),
  lastActiveAt: timestampSchema.nullable(),
});
export type PersonActivity = z.infer<typeof personActivitySchema>;

/** An account as the People tab lists it. Never a password or a session. */
export const adminPersonSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  emailVerified: z.boolean(),
  /** Set while an admin has the account suspended: it cannot log in and has no session. */
  suspendedAt: timestampSchema.nullable(),
  suspensionReason: z.string().nullable(),
  /** Set once the owner deleted the account (its e-mail is then a placeholder). */
  deletedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  /** The last login with the account's password; null if it has not logged in since this was kept. */
  lastLoginAt: timestampSchema.nullable(),
  activity: personActivitySchema,
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** POST /api/admin/users/:userId/suspend and /reinstate: the reason is kept in the audit log. */
export const suspensionInput = z.object({ reason: auditReasonField() });
export type SuspensionInput = z.input<typeof suspensionInput>;

/**
 * POST /api/admin/users/:userId/role: the acting admin's own password, re-entered (a wrong one is
 * 403 FORBIDDEN with `details` naming `password`, as on the account's own routes); the reason is optional.
 */
export const changeRoleInput = z.object({
  role: z.enum(USER_ROLES, { error: PEOPLE_MESSAGES.roleInvalid }),
  password: z.string({ error: PEOPLE_MESSAGES.passwordRequired }).min(1, PEOPLE_MESSAGES.passwordRequired),
  reason: auditReasonField().optional(),
});
export type ChangeRoleInput = z.input<typeof changeRoleInput>;

/**
 * Admin only. Each write answers the account as it now is, and is refused with 404 for an unknown
 * account, 409 for a deleted one and 409 when it would leave no active admin.
 */
export const adminPeopleRoutes = {
  search: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    query: peopleSearchQuery,
    response: z.array(adminPersonSchema),
  }),
  /** Every session of the account ends at once; logging in is refused (403 ACCOUNT_SUSPENDED) until reinstated. */
  suspend: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:userId/suspend',
    params: userIdParam,
    body: suspensionInput,
    response: adminPersonSchema,
  }),
  reinstate: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:userId/reinstate',
    params: userIdParam,
    body: suspensionInput,
    response: adminPersonSchema,
  }),
  changeRole: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:userId/role',
    params: userIdParam,
    body: changeRoleInput,
    response: adminPersonSchema,
  }),
};
