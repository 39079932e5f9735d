export { ImpersonateRoute } from './routes/impersonate';
