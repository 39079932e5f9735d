export {
  sessionKeys,
  sessionQueryOptions,
  sessionFromLogin,
  useSession,
  getSession,
} from './api/get-session';
export { useLogout, LOGOUT_FAILED_MESSAGE } from './hooks/use-logout';
export { isInternalStaff, isOrganisationAdmin, hasRole } from './utils/roles';
export { LoginStartRoute } from './routes/login-start';
export { LoginPasswordRoute } from './routes/login-password';
export { LoginSsoRoute } from './routes/login-sso';
export { SsoRedirectRoute } from './routes/sso-redirect';
export { RegisterRoute } from './routes/register';
export { PasswordCreateRoute, PasswordResetRoute } from './routes/password-link';
export { VerifyEmailRoute } from './routes/verify-email';
export { ForgotPasswordRoute } from './routes/forgot-password';
export { createLoginWithTokenLoader } from './routes/login-with-token';
