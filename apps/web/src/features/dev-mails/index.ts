export { useDevMailsAvailability } from './api/dev-mails-availability';
export { devMailKeys } from './api/dev-mail-keys';
