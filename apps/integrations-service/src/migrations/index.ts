import { Events1767312000000 } from './1767312000000-events';
import { Connections1771000000000 } from './1771000000000-connections';
import { WarehouseSyncs1771100000000 } from './1771100000000-warehouse-syncs';
import { Segment1771200000000 } from './1771200000000-segment';
import { Salesforce1771300000000 } from './1771300000000-salesforce';
import { SalesforceSync1771300000200 } from './1771300000200-salesforce-sync';
import { WarehouseHashRanges1771400000000 } from './1771400000000-warehouse-hash-ranges';
import { SalesforceDeletes1771500000000 } from './1771500000000-salesforce-deletes';
import { SalesforceRecordsFillfactor1771600000000 } from './1771600000000-salesforce-records-fillfactor';
import { SegmentInboxByOrganisation1771700000000 } from './1771700000000-segment-inbox-by-organisation';
import { SyncTurns1771800000052 } from './1771800000052-sync-turns';

// Every migration of this service, oldest first. Add new ones at the end; never edit a landed one.
export const migrations = [
  Events1767312000000,
  Connections1771000000000,
  WarehouseSyncs1771100000000,
  Segment1771200000000,
  Salesforce1771300000000,
  SalesforceSync1771300000200,
  WarehouseHashRanges1771400000000,
  SalesforceDeletes1771500000000,
  SalesforceRecordsFillfactor1771600000000,
  SegmentInboxByOrganisation1771700000000,
  SyncTurns1771800000052,
];
