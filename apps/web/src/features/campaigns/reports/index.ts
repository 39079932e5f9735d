export { useHasReportHistory } from './api/reports';
export { reportKeys } from './api/report-keys';
export { REPORTS_TAB_ENABLED } from './reports-flag';
