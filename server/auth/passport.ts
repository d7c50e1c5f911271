import passportModule from 'passport';

export type Authenticator = InstanceType<typeof passportModule.Authenticator>;
import type { Request } from 'express';
import { Strategy as LocalStrategy } from 'passport-local';
import type { CurrentUser } from '@shared/contracts/auth';
import { z } from 'zod';
import type { AuthService, SessionCredential, SessionLookup } from '../modules/auth';
import { AppError } from '../lib/app-error';
import { takeSessionLookup } from './session';

const sessionCredentialSchema = z.object({ id: z.string(), key: z.string() });

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends CurrentUser {}
    interface Request {
      /** The session belongs to an account an admin has suspended: the 401 says so (server/auth/guards.ts). */
      sessionOfSuspendedAccount?: true;
    }
  }
}

/** A Passport instance per app (not the global singleton), so test apps never share strategies. */
export function createPassport(auth: AuthService): Authenticator {
  const passport = new passportModule.Authenticator();
  passport.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      auth.verifyCredentials(email, password).then((user) => done(null, user ?? false), done);
    }),
  );
  // The session keeps the id and a password key (SessionCredential); the user is re-read each
  // request, so role changes apply at once and a session from before a password change opens nothing.
  // The session store reads it with the session (one round trip); a credential it did not just read
  // (none today) is looked up on its own.
  passport.serializeUser<SessionCredential>((user, done) => {
    auth.sessionCredentialOf(user.id).then((credential) => {
      if (credential) done(null, credential);
      else done(new AppError('UNAUTHENTICATED', 'Please log in to continue'));
    }, done);
  });
  passport.deserializeUser<unknown, Request>((req, stored, done) => {
    const answer = (found: SessionLookup) => {
      if ('user' in found) return done(null, found.user);
      if (found.refused === 'suspended') req.sessionOfSuspendedAccount = true;
      done(null, false);
    };
    const read = takeSessionLookup(stored);
    if (read) return answer(read);
    const credential = sessionCredentialSchema.safeParse(stored);
    if (!credential.success) return done(null, false);
    auth.findSessionUser(credential.data).then(answer, done);
  });
  return passport;
}
