import passportModule from 'passport';

export type Authenticator = InstanceType<typeof passportModule.Authenticator>;
import { Strategy as LocalStrategy } from 'passport-local';
import type { CurrentUser } from '@shared/contracts/auth';
import type { AuthService } from '../modules/auth';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends CurrentUser {}
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
  // The session keeps only the id; the user is re-read each request so role changes apply at once.
  passport.serializeUser<string>((user, done) => done(null, user.id));
  passport.deserializeUser<string>((id, done) => {
    auth.findCurrentUser(id).then((user) => done(null, user ?? false), done);
  });
  return passport;
}
