// The login steps alone, for the first load of the login page: the feature's index also
// exports what needs the data layer.
export { LoginStartRoute } from './routes/login-start';
export { LoginPasswordRoute } from './routes/login-password';
