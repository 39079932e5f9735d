import { Events1767312000000 } from './1767312000000-events';
import { Reports1770740000000 } from './1770740000000-reports';

// Every migration of this service, oldest first. Add new ones at the end; never edit a landed one.
export const migrations = [Events1767312000000, Reports1770740000000];
