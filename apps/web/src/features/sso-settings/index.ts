export { SsoConfigurationRoute } from './routes/sso-configuration';
