import bcrypt from 'bcrypt';

import type { CurrentUser, registerInput } from '@shared/contracts/auth';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createConcurrencyGate } from '../../lib/concurrency-gate';
import type { BookingService } from '../booking';
import type { PlumbersService } from '../plumbers';
import { findUserByEmail, findUserById, insertUserIfNew, type User } from './auth.repository';

export type RegisterData = z.output<typeof registerInput>;

export interface AuthServiceDeps {
  db: Database;
  bcryptCost: number;
  /** Admission control for bcrypt: a flood of logins must not queue without bound. */
  passwordChecks: { concurrency: number; maxQueued: number; maxWaitMs: number };
  /** Creates a plumber account's profile in the registration's transaction. */
  plumbers: Pick<PlumbersService, 'createProfile'>;
  /** Hands a new account the bookings it made as a guest, in the same transaction. */
  booking: Pick<BookingService, 'claimGuestRequests'>;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const PASSWORD_CHECKS_BUSY_MESSAGE =
  'Plumbline is busy signing people in. Please try again in a moment.';

export function toCurrentUser(user: User): CurrentUser {
  return { id: user.id, email: user.email, role: user.role, name: user.name, phone: user.phone };
}

export function createAuthService({ db, bcryptCost, passwordChecks, plumbers, booking }: AuthServiceDeps) {
  // Compared against when the e-mail is unknown, so both failures take the same time.
  const dummyHash = bcrypt.hash('plumbline-timing-equaliser', bcryptCost);
  const passwordGate = createConcurrencyGate({
    ...passwordChecks,
    busyMessage: PASSWORD_CHECKS_BUSY_MESSAGE,
  });

  return {
    /** Creates the account (and a plumber profile for plumbers) in one transaction. */
    async register(data: RegisterData): Promise<CurrentUser> {
      const passwordHash = await passwordGate.run(() => bcrypt.hash(data.password, bcryptCost));
      const role = data.role ?? 'homeowner';
      const user = await db.transaction(async (tx) => {
        const created = await insertUserIfNew(tx, { email: data.email, passwordHash, role });
        if (!created) {
          throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Log in instead.');
        }
        if (role === 'plumber') await plumbers.createProfile(tx, { userId: created.id });
        // Bookings made as a guest with this e-mail now belong to the account.
        await booking.claimGuestRequests(tx, created.id, created.email);
        return created;
      });
      return toCurrentUser(user);
    },

    /** Returns the user for a correct e-mail and password, otherwise null — never says which was wrong. */
    async verifyCredentials(email: string, password: string): Promise<CurrentUser | null> {
      const user = await findUserByEmail(db, email);
      const hash = user?.passwordHash ?? (await dummyHash);
      const matches = await passwordGate.run(() => bcrypt.compare(password, hash));
      return user && matches ? toCurrentUser(user) : null;
    },

    async findCurrentUser(id: string): Promise<CurrentUser | null> {
      const user = await findUserById(db, id);
      return user ? toCurrentUser(user) : null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
