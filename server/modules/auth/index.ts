export {
  createAuthService,
  type AuthService,
  type SessionCredential,
  type SessionLookup,
  type StoredSession,
} from './auth.service';
export { createAccountRouter, createAuthRouter } from './auth.routes';
export { createSessionCache, SESSION_CHANGED_CHANNEL, type SessionCache } from './session-cache';
