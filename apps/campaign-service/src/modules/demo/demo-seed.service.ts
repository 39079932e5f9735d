import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_PERSON_FIELDS } from '@meridian/contracts';
import { CONFIG, EventPublisher, LOGGER, type Transaction } from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { CampaignConfig } from '../../config';
import { DEMO_DIGEST_NAME, DEMO_DIGEST_VERSION, demoCampaigns } from './demo-campaigns';
import { DEMO_DIGEST_PLANS, DEMO_SENDER, DEMO_UPGRADE_PLAN, demoActions } from './demo-content';
import {
  DEMO_CONTACTS,
  DEMO_PRODUCT_DAYS,
  demoCompanies,
  demoCountries,
  demoCustomFields,
  demoFirstNames,
  demoLastNames,
  demoPlans,
  demoProductEvents,
  demoStaticLists,
  demoTitles,
  demoTokens,
} from './demo-people';
import { type DemoTemplate, demoTemplates } from './demo-templates';
import { demoRates } from './demo-engagement';
import { campaignEvents, type DemoCampaignRef, messageEvents, runEvents } from './demo-events';
import { PersonsBulkService } from '../contacts/persons/persons-bulk.service';
import { DemoSeedRepository } from './demo-seed.repository';

const HOUR = 3_600_000;
const SCANNER_PER_MILLE = Math.round(demoRates.scannerOpen * 1000);

/**
 * Generates the demo organisation's data set in the caller's transaction: contacts with custom
 * fields, product events, static lists, tokens, templates, three campaigns and the weekly
 * digest's run history with its messages, activity, suppressions and counts; then publishes the
 * email and run events that history would have published, so the reports fill from them as they
 * do from live sends. Claims the organisation first: a second call does nothing.
 */
@Injectable()
export class DemoSeedService {
  constructor(
    private readonly repository: DemoSeedRepository,
    private readonly persons: PersonsBulkService,
    private readonly publisher: EventPublisher,
    @Inject(CONFIG) private readonly config: CampaignConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Whether an organisation created with this domain gets the demo data set here. */
  wants(domain: string): boolean {
    return (
      this.config.MERIDIAN_MODE === 'local' &&
      this.config.SEED_DEMO &&
      domain.toLowerCase() === this.config.DEMO_ORGANISATION_DOMAIN
    );
  }

  /** Returns false when the organisation was seeded before (nothing changes then). */
  async seed(tx: Transaction, organisationId: string, now = new Date()): Promise<boolean> {
    const started = performance.now();
    if (!(await this.repository.claim(tx, organisationId))) return false;
    // Where the time goes, logged with the result (the README quotes the total).
    const phases: Record<string, number> = {};
    let mark = started;
    const phase = (name: string) => {
      const at = performance.now();
      phases[name] = Math.round(at - mark);
      mark = at;
    };
    const contacts = {
      count: DEMO_CONTACTS,
      firstNames: demoFirstNames,
      lastNames: demoLastNames,
      companies: demoCompanies,
      titles: demoTitles,
      countries: demoCountries,
      plans: demoPlans,
      productEvents: demoProductEvents,
      productDays: DEMO_PRODUCT_DAYS,
      lists: demoStaticLists,
    };
    // Contacts go in through the persons module, the one writer of campaign.persons.
    const staged = await this.repository.stageContacts(tx, organisationId, contacts);
    await this.persons.insertGenerated(tx, organisationId, staged, [
      ...DEFAULT_PERSON_FIELDS.map((f) => ({ ...f })),
      ...demoCustomFields,
    ]);
    await this.repository.writeContactActivity(tx, organisationId, contacts);
    phase('contacts_ms');
    await this.repository.writeTokens(tx, organisationId, demoTokens);
    const byName = await this.repository.writeTemplates(
      tx,
      organisationId,
      demoTemplates.map((t, index) => ({ name: t.name, subject: t.subject, html: t.html, ord: index })),
      DEMO_SENDER,
    );
    const templateIds = Object.fromEntries(demoTemplates.map((t) => [t.key, byName.get(t.name)!])) as Record<
      DemoTemplate['key'],
      string
    >;
    const campaigns = demoCampaigns(now, templateIds);
    const campaignIds = await this.repository.writeCampaigns(tx, organisationId, campaigns.rows);
    const digest: DemoCampaignRef = {
      organisation_id: organisationId,
      campaign_id: campaignIds.get(DEMO_DIGEST_NAME)!,
      campaign_name: DEMO_DIGEST_NAME,
    };
    phase('assets_ms');
    for (const slot of campaigns.pastSlots) await this.writeRun(tx, digest, slot, templateIds);
    phase('runs_ms');
    await this.repository.finishCampaign(tx, organisationId, digest.campaign_id, SCANNER_PER_MILLE);
    await this.persons.markUnsubscribed(
      tx,
      organisationId,
      await this.repository.unsubscribes(tx, organisationId, digest.campaign_id),
    );
    phase('activity_ms');

    const published = await this.publishHistory(
      tx,
      phase,
      digest,
      campaigns.rows.map((c) => ({
        id: campaignIds.get(c.name)!,
        name: c.name,
        updated_at: new Date(c.updated_at),
      })),
    );
    phase('events_ms');
    const durationMs = performance.now() - started;
    await this.repository.finish(tx, organisationId, durationMs);
    this.logger.info(
      {
        organisation_id: organisationId,
        runs: campaigns.pastSlots.length,
        events: published,
        ms: Math.round(durationMs),
        ...phases,
      },
      'demo data set generated',
    );
    return true;
  }

  /** One past run of the digest: snapshot, digest email, two days' wait, upgrade email for free plans. */
  private async writeRun(
    tx: Transaction,
    digest: DemoCampaignRef,
    slot: Date,
    templateIds: Record<DemoTemplate['key'], string>,
  ): Promise<void> {
    const upgradeAt = new Date(slot.getTime() + 48 * HOUR);
    const runId = await this.repository.writeRun(tx, {
      organisationId: digest.organisation_id,
      campaignId: digest.campaign_id,
      version: DEMO_DIGEST_VERSION,
      slot,
      finishedAt: new Date(upgradeAt.getTime() + HOUR / 2),
      audiencePlans: DEMO_DIGEST_PLANS,
      branchPlan: DEMO_UPGRADE_PLAN,
      branchEndAction: demoActions.upgrade,
      otherEndAction: demoActions.branch,
    });
    const template = (key: DemoTemplate['key']) => demoTemplates.find((t) => t.key === key)!;
    const step = (key: 'digest' | 'upgrade', actionId: string, sendAt: Date, plan: string | null) =>
      this.repository.writeStep(tx, digest.organisation_id, {
        runId,
        campaignId: digest.campaign_id,
        actionId,
        templateId: templateIds[key],
        sendAt,
        senderDomain: this.config.DEMO_SENDER_DOMAIN,
        subject: template(key).renderedSubject,
        links: template(key).links,
        plan,
        rates: demoRates,
      });
    await step('digest', demoActions.digest, slot, null);
    await step('upgrade', demoActions.upgrade, upgradeAt, DEMO_UPGRADE_PLAN);
  }

  private async publishHistory(
    tx: Transaction,
    phase: (name: string) => void,
    digest: DemoCampaignRef,
    campaigns: { id: string; name: string; updated_at: Date }[],
  ): Promise<number> {
    const { organisation_id: organisationId, campaign_id: campaignId } = digest;
    const messages = await this.repository.messagesForEvents(
      tx,
      organisationId,
      campaignId,
      SCANNER_PER_MILLE,
    );
    const runs = await this.repository.runsForEvents(tx, organisationId, campaignId);
    phase('history_read_ms');
    const items = [
      ...campaignEvents(organisationId, campaigns),
      ...runEvents(digest, runs),
      ...messageEvents(digest, messages),
    ];
    await this.publisher.publishMany(tx, items);
    return items.length;
  }
}
