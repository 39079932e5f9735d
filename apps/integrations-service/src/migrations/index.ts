import { Events1767312000000 } from './1767312000000-events';
import { Segment1771200000000 } from './1771200000000-segment';

// Every migration of this service, oldest first. Add new ones at the end; never edit a landed one.
export const migrations = [Events1767312000000, Segment1771200000000];
