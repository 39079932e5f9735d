export { useDevMailsAvailability } from './api/get-dev-mails';
export { devMailKeys } from './api/dev-mail-keys';
