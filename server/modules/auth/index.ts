export { createAuthService, type AuthService } from './auth.service';
export { createAccountRouter, createAuthRouter } from './auth.routes';
