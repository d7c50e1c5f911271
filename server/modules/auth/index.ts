export { createAuthService, type AuthService } from './auth.service';
export { createAuthRouter } from './auth.routes';
