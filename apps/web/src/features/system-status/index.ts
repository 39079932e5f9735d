export { SystemStatus } from './components/system-status';
export { healthKeys, getHealth, useServicesHealth } from './api/get-health';
