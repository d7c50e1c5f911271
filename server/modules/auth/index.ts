export { createAuthService, type AuthService, type SessionCredential } from './auth.service';
export { createAccountRouter, createAuthRouter } from './auth.routes';
