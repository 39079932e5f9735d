import { Injectable, type OnModuleInit } from '@nestjs/common';
import { campaignChanged, campaignRunChanged, emailEvents, type EventPayload } from '@meridian/contracts';
import { EventConsumers, handleEventBatch } from '@meridian/server-kit';
import type { EntityManager } from 'typeorm';
import { CatalogRepository } from './catalog.repository';
import { type ClickedPayload, foldClicks, foldOpens, type OpenedPayload } from './engagement-fold';
import { type MessageEventPayload, metaOf } from './fold-types';
import { IngestRepository } from './ingest.repository';
import { foldOutcome, type OutcomeEventName, outcomes } from './outcome-fold';

const BUCKET_KEYS = ['campaign_id', 'bucket', 'run_id', 'template_id'] as const;

/**
 * The reports' event consumers: every email event, run changes and campaign changes, each
 * batch applied with a fixed number of statements (never one per event) in the transaction
 * that records the batch's event ids, so a repeat of an event changes nothing.
 */
@Injectable()
export class ReportConsumers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly ingest: IngestRepository,
    private readonly catalog: CatalogRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const outcomeRoutes = (Object.keys(outcomes) as OutcomeEventName[]).map((name) =>
      handleEventBatch(emailEvents[name], (events, { manager }) =>
        this.applyOutcome(
          name,
          events.map((e) => e.payload as MessageEventPayload),
          manager,
        ),
      ),
    );
    await this.consumers.register('email-events', [
      ...outcomeRoutes,
      handleEventBatch(emailEvents.emailOpened, (events, { manager }) =>
        this.applyOpens(
          events.map((e) => e.payload),
          manager,
        ),
      ),
      handleEventBatch(emailEvents.emailClicked, (events, { manager }) =>
        this.applyClicks(
          events.map((e) => e.payload),
          manager,
        ),
      ),
    ]);
    await this.consumers.register('campaign-events', [
      handleEventBatch(campaignRunChanged, (events, { manager }) =>
        this.applyRuns(
          events.map((e) => e.payload),
          manager,
        ),
      ),
      handleEventBatch(campaignChanged, (events, { manager }) =>
        this.catalog.upsertCampaigns(
          manager,
          events.map(({ payload: p }) => ({
            campaign_id: p.campaign_id,
            organisation_id: p.organisation_id,
            name: p.name,
            deleted: p.deleted,
            at: new Date(p.occurred_at).toISOString(),
          })),
        ),
      ),
    ]);
  }

  private async applyOutcome(name: OutcomeEventName, events: MessageEventPayload[], manager: EntityManager) {
    const outcome = outcomes[name];
    const stored = await this.ingest.outcomeTimes(manager, outcome.at, ids(events));
    const { messages, stats } = foldOutcome(outcome, events, stored.times, stored.sentAt);
    const owned = [outcome.at, ...Object.keys(outcome.details(events[0]!))];
    await this.ingest.upsertMessages(manager, messages, owned);
    await this.ingest.addStats(manager, stats);
    await this.applyNames(events, manager);
  }

  private async applyOpens(events: OpenedPayload[], manager: EntityManager) {
    await this.lockMessages(events, manager);
    const stored = await this.ingest.storedOpens(manager, ids(events));
    const folded = foldOpens(events, stored.messages, stored.clients);
    await this.ingest.upsertMessages(manager, folded.messages, [
      'first_open_at',
      'open_count',
      'non_human_open_count',
    ]);
    await this.ingest.putClients(manager, folded.clients);
    await this.ingest.addStats(manager, folded.stats);
    await this.ingest.addCounters(
      manager,
      'client_hourly',
      [...BUCKET_KEYS, 'email_client'],
      ['unique_open_count', 'total_open_count'],
      folded.clientStats,
    );
    await this.applyNames(events, manager);
  }

  private async applyClicks(events: ClickedPayload[], manager: EntityManager) {
    await this.lockMessages(events, manager);
    const stored = await this.ingest.storedClicks(manager, ids(events));
    const folded = foldClicks(events, stored.messages, stored.links);
    await this.ingest.upsertMessages(manager, folded.messages, [
      'first_open_at',
      'first_click_at',
      'click_count',
      'non_human_click_count',
      'unique_url_count',
    ]);
    await this.ingest.putLinks(manager, folded.links);
    await this.ingest.addStats(manager, folded.stats);
    await this.ingest.addCounters(
      manager,
      'client_hourly',
      [...BUCKET_KEYS, 'email_client'],
      ['unique_click_count_by_url'],
      folded.clientStats,
    );
    await this.ingest.addCounters(
      manager,
      'link_hourly',
      [...BUCKET_KEYS, 'url'],
      ['total_click_count', 'unique_click_count'],
      folded.linkStats,
    );
    await this.applyNames(events, manager);
  }

  /**
   * Each event name is its own topic, read beside the others: a message's opens and clicks can be
   * folded at the same time in two transactions, and both decide whether the message is opened
   * yet. The messages' rows are made (when an outcome has not made them yet) and locked first, in
   * message order, so the second batch waits for the first and then reads what it wrote.
   */
  private lockMessages(events: readonly MessageEventPayload[], manager: EntityManager) {
    const metas = new Map(events.map((e) => [e.message_id, metaOf(e)]));
    return this.ingest.upsertMessages(manager, [...metas.values()], []);
  }

  private async applyRuns(events: EventPayload<typeof campaignRunChanged>[], manager: EntityManager) {
    await this.catalog.upsertRuns(
      manager,
      events.map((p) => ({ ...p, at: new Date(p.occurred_at).toISOString() })),
    );
    await this.catalog.upsertCampaigns(
      manager,
      events.map((p) => ({
        campaign_id: p.campaign_id,
        organisation_id: p.organisation_id,
        name: p.campaign_name,
        deleted: false,
        at: new Date(p.occurred_at).toISOString(),
      })),
    );
  }

  /** Campaigns and templates as the events name them, so reports know them without asking. */
  private async applyNames(events: readonly MessageEventPayload[], manager: EntityManager) {
    await this.catalog.upsertCampaigns(
      manager,
      events.map((p) => ({
        campaign_id: p.campaign_id,
        organisation_id: p.organisation_id,
        name: p.campaign_name,
        deleted: false,
        at: new Date(p.occurred_at).toISOString(),
      })),
    );
    await this.catalog.upsertTemplates(
      manager,
      events.flatMap((p) =>
        p.template_id && p.template_name
          ? [
              {
                campaign_id: p.campaign_id,
                template_id: p.template_id,
                name: p.template_name,
                at: iso(p.occurred_at),
              },
            ]
          : [],
      ),
    );
  }
}

const ids = (events: readonly MessageEventPayload[]) => [...new Set(events.map((e) => e.message_id))];
const iso = (at: string) => new Date(at).toISOString();
