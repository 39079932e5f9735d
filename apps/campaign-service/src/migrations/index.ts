import { Events1767312000000 } from './1767312000000-events';
import { Contacts1768003200000 } from './1768003200000-contacts';
import { EmailTokens1769000000000 } from './1769000000000-email-tokens';
import { Webhooks1769100000000 } from './1769100000000-webhooks';
import { Templates1769200000000 } from './1769200000000-templates';
import { EmailSettings1769300000000 } from './1769300000000-email-settings';
import { ContactSearch1770300000000 } from './1770300000000-contact-search';
import { Campaigns1770500000000 } from './1770500000000-campaigns';
import { Audience1770600000000 } from './1770600000000-audience';
import { Engine1770700000000 } from './1770700000000-engine';
import { Delivery1770720000000 } from './1770720000000-delivery';
import { Tracking1770730000000 } from './1770730000000-tracking';
import { DemoSeed1770750000000 } from './1770750000000-demo-seed';
import { InboundSync1771100000000 } from './1771100000000-inbound-sync';
import { ProductActivityIngest1771200000000 } from './1771200000000-product-activity-ingest';
import { EngineFixes1771300000000 } from './1771300000000-engine-fixes';
import { CrmFeed1771400000000 } from './1771400000000-crm-feed';
import { OrgEntries1771500000000 } from './1771500000000-org-entries';
import { ImportResume1771600000000 } from './1771600000000-import-resume';
import { NotSentCount1771640000000 } from './1771640000000-not-sent-count';
import { WebhookHeadersSealed1771700000000 } from './1771700000000-webhook-headers-sealed';
import { RunTurns1771800000051 } from './1771800000051-run-turns';

// Every migration of this service, oldest first. Add new ones at the end; never edit a landed one.
export const migrations = [
  Events1767312000000,
  Contacts1768003200000,
  EmailTokens1769000000000,
  Webhooks1769100000000,
  Templates1769200000000,
  EmailSettings1769300000000,
  ContactSearch1770300000000,
  Campaigns1770500000000,
  Audience1770600000000,
  Engine1770700000000,
  Delivery1770720000000,
  Tracking1770730000000,
  DemoSeed1770750000000,
  InboundSync1771100000000,
  ProductActivityIngest1771200000000,
  EngineFixes1771300000000,
  CrmFeed1771400000000,
  OrgEntries1771500000000,
  ImportResume1771600000000,
  NotSentCount1771640000000,
  WebhookHeadersSealed1771700000000,
  RunTurns1771800000051,
];
