export {
  sessionKeys,
  sessionQueryOptions,
  sessionFromLogin,
  useSession,
  getSession,
} from './api/get-session';
export { useLogout, LOGOUT_FAILED_MESSAGE } from './hooks/use-logout';
export { isInternalStaff, isOrganisationAdmin, hasRole } from './utils/roles';
// The screens are not exported here: the router imports each by its path, so a screen that asks
// for the session does not load every login screen with it.
