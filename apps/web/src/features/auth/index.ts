export { sessionKeys, sessionQueryOptions, useSession, getSession } from './api/get-session';
export { useLogout, LOGOUT_FAILED_MESSAGE } from './hooks/use-logout';
export { isInternalStaff, hasRole } from './utils/roles';
export { LoginStartRoute } from './routes/login-start';
export { createLoginWithTokenLoader } from './routes/login-with-token';
