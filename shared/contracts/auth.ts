import { z } from 'zod';
import { LIMITS, SELF_SERVICE_ROLES, USER_ROLES } from '../constants';
import { defineRoute } from './http';

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMaxBytes: 'Password must be at most 72 bytes',
  roleInvalid: 'Role must be homeowner or plumber',
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
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Logging out answers `{ ok: true }`. */
export const okSchema = z.object({ ok: z.literal(true) });

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
};
