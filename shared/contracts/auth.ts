import { z } from './zod';
import { LIMITS, SELF_SERVICE_ROLES, USER_ROLES } from '../constants';
import { defineRoute } from './http';

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMaxBytes: 'Password must be at most 72 bytes',
  roleInvalid: 'Role must be homeowner or plumber',
  tokenRequired: 'This link is incomplete. Open it again from the e-mail.',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Request a new one.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Request a new one.',
} as const;

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

/** E-mails are compared case-insensitively: we store and look them up trimmed and lower-cased. */
export const emailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordMin)
  .refine((value) => utf8Length(value) <= LIMITS.passwordMaxBytes, AUTH_MESSAGES.passwordMaxBytes);

/**
 * The token of a link mailed to the user (verification, password reset). Only its presence is
 * checked here: whether it is known, unused and unexpired is the server's answer (400 TOKEN_INVALID).
 */
export const tokenField = z
  .string({ error: AUTH_MESSAGES.tokenRequired })
  .trim()
  .min(1, AUTH_MESSAGES.tokenRequired);

/** POST /api/auth/login */
export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
});
export type LoginInput = z.input<typeof loginInput>;

/** POST /api/auth/register — role is optional and never admin. */
export const registerInput = z.object({
  email: emailField,
  password: passwordField,
  role: z.enum(SELF_SERVICE_ROLES, { error: AUTH_MESSAGES.roleInvalid }).optional(),
});
export type RegisterInput = z.input<typeof registerInput>;

/** What GET /api/auth/user (and login/register) answer with. Never the password hash. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  /** The account's e-mail was confirmed through a mailed link (verification or password reset). */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Logging out (and the other auth actions that return nothing) answers `{ ok: true }`. */
export const okSchema = z.object({ ok: z.literal(true) });

/** POST /api/auth/verify-email — the token of the link mailed at registration or by a resend. */
export const verifyEmailInput = z.object({ token: tokenField });
export type VerifyEmailInput = z.input<typeof verifyEmailInput>;

/** POST /api/auth/password-reset */
export const passwordResetInput = z.object({ email: emailField });
export type PasswordResetInput = z.input<typeof passwordResetInput>;

/** POST /api/auth/password-reset/confirm — the new password follows the registration rule. */
export const passwordResetConfirmInput = z.object({ token: tokenField, password: passwordField });
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmInput>;

export const authRoutes = {
  getUser: defineRoute({ method: 'GET', path: '/api/auth/user', response: currentUserSchema }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    body: loginInput,
    response: currentUserSchema,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    body: registerInput,
    response: currentUserSchema,
    status: 201,
  }),
  logout: defineRoute({ method: 'POST', path: '/api/auth/logout', response: okSchema }),
  /**
   * Marks the e-mail of the link's account verified and answers that account. Anyone holding the
   * link may use it, logged in or not. An unknown, used or expired token: 400 TOKEN_INVALID with
   * `verificationLinkInvalid`, the same for all three.
   */
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email',
    body: verifyEmailInput,
    response: currentUserSchema,
  }),
  /**
   * Logged in: mails a new verification link to the account's e-mail; earlier links stop working.
   * Already verified: nothing is sent, still 200. Rate-limited per account (429).
   */
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    response: okSchema,
  }),
  /**
   * Mails a reset link when an account has this e-mail; earlier reset links stop working. 202
   * `{ ok: true }` whether or not the account exists, as soon as the request is accepted (the mail
   * is prepared after the answer). Rate-limited per client address and per e-mail (429).
   */
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset',
    body: passwordResetInput,
    response: okSchema,
    status: 202,
  }),
  /**
   * Sets the password and ends every session of the account (this browser's too): the user logs in
   * again with the new password. An unknown, used or expired token: 400 TOKEN_INVALID with
   * `resetLinkInvalid`; a password breaking the rule: 400 VALIDATION_ERROR with its message.
   */
  confirmPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    body: passwordResetConfirmInput,
    response: okSchema,
  }),
};
