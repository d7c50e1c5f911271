export {
  createAuthService,
  type AuthService,
  type SessionCredential,
  type SessionLookup,
  type StoredSession,
} from './auth.service';
export { createAccountRouter, createAuthRouter } from './auth.routes';
