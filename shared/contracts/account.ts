import { z } from './zod';
import { AUTH_MESSAGES, emailField, okSchema, passwordField } from './auth';
import { nameField, phoneField } from './common';
import { defineRoute } from './http';

/** The account's own settings (docs/decisions/025-accounts.md). */
export const ACCOUNT_MESSAGES = {
  profileRequiredForJob: 'Add your full name and phone number before posting a job.',
  profileRequiredForQuote: 'Add your full name and phone number before sending a quote.',
  profileRequiredForMessage: 'Add your full name and phone number before sending a message.',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordPersonal: 'Your password must not contain your e-mail address or name.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordWrong: 'The password is not correct.',
  /** 403 ACCOUNT_SUSPENDED of a login with the right password, while an admin has the account suspended. */
  suspended: 'This account is suspended. Contact Plumbline support if you think this is a mistake.',
  /** 401 of every request a suspended account's session makes: the browser is logged out. */
  sessionSuspended: 'Your account has been suspended, so you have been logged out.',
} as const;

/** What the profile step asks for: both are needed before a first job post or quote. */
export interface Profile {
  name: string | null;
  phone: string | null;
}

const profileName = nameField();
const profilePhone = phoneField();

/** A full name (≥ 2 characters) and a phone number (≥ 10 digits): the rule of the profile step. */
export const isProfileComplete = (profile: Profile): boolean =>
  profileName.safeParse(profile.name).success && profilePhone.safeParse(profile.phone).success;

/**
 * The parts of the owner's e-mail and name a password must not contain: the e-mail, its local
 * part and that part's words, and the name's words — lower-cased, those of at least 4 characters
 * (shorter ones hide inside too many ordinary words).
 */
export function personalWords({ email, name }: { email: string; name?: string | null }): string[] {
  const localPart = email.split('@')[0] ?? '';
  const words = [email, localPart, ...localPart.split(/[^\p{L}\p{N}]+/u), ...(name ?? '').split(/\s+/)];
  return words.map((word) => word.toLowerCase()).filter((word) => word.length >= 4);
}

/** True when the password contains the owner's e-mail, its local part, or a word of it or of their name. */
export function containsPersonalInfo(password: string, owner: { email: string; name?: string | null }) {
  const lowered = password.toLowerCase();
  return personalWords(owner).some((word) => lowered.includes(word));
}

/** PATCH /api/account — only what is sent changes; a new e-mail waits for its mailed link. */
export const updateAccountInput = z.object({
  name: nameField().optional(),
  phone: phoneField().optional(),
  email: emailField.optional(),
});
export type UpdateAccountInput = z.input<typeof updateAccountInput>;

/** The profile step: both fields at once. */
export const profileInput = z.object({ name: nameField(), phone: phoneField() });
export type ProfileInput = z.input<typeof profileInput>;

/** POST /api/account/password */
export const changePasswordInput = z.object({
  currentPassword: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
  newPassword: passwordField,
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** DELETE /api/account */
export const deleteAccountInput = z.object({
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;

/** What GET and PATCH /api/account answer: the owner's own details. */
export const accountSchema = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** A new address waiting for its mailed link; mail still goes to `email` until then. */
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountRoutes = {
  getAccount: defineRoute({ method: 'GET', path: '/api/account', response: accountSchema }),
  /**
   * Changes name and phone at once; a new e-mail is mailed a link (24 h) and takes effect when it is
   * used (`POST /api/auth/verify-email`), the old address then gets a notice. An address another
   * account has: 409 EMAIL_TAKEN.
   */
  updateAccount: defineRoute({
    method: 'PATCH',
    path: '/api/account',
    body: updateAccountInput,
    response: accountSchema,
  }),
  /**
   * Needs the current password (403 when wrong); the new one follows the password rule (400). Every
   * other session of the account ends; this one stays. Failures are rate-limited per account (429).
   */
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/account/password',
    body: changePasswordInput,
    response: okSchema,
  }),
  /**
   * Needs the password (403 when wrong). Name, phone and e-mail are removed, no password opens the
   * account, every session ends (this one too); jobs, quotes and payouts stay. The last active admin
   * is refused (409 CONFLICT): another account must be made an admin first.
   */
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/account',
    body: deleteAccountInput,
    response: okSchema,
  }),
};
