// The login page's first step alone, for its first load (the password step loads on the first
// interaction with it): the feature's index also exports what needs the data layer.
export { LoginStartRoute } from './routes/login-start';
