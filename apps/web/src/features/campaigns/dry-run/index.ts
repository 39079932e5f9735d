export { DryRunButton } from './dry-run-button';
