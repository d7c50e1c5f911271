export {
  createAuthService,
  type AuthService,
  type SessionCredential,
  type SessionLookup,
} from './auth.service';
export { createAccountRouter, createAuthRouter } from './auth.routes';
