export { SystemStatus } from './components/system-status';
export { getHealth, useServicesHealth } from './api/get-health';
