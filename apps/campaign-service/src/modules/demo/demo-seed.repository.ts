import { Injectable } from '@nestjs/common';
import type { Transaction } from '@meridian/server-kit';
import type { EntityManager } from 'typeorm';
import {
  CAMPAIGNS_SQL,
  CLAIM_SQL,
  DEMO_CONTACTS_TABLE,
  FINISH_SQL,
  PRODUCT_EVENTS_SQL,
  PRODUCT_USERS_SQL,
  STATIC_LIST_MEMBERS_SQL,
  STAGE_CONTACTS_SQL,
  STAGE_TABLE_SQL,
  STATIC_LISTS_SQL,
  TEMPLATES_SQL,
  TOKENS_SQL,
} from './demo-contacts.sql';
import type { DemoMessageRow, DemoRunRow } from './demo-events';
import {
  CAMPAIGN_COUNTS_SQL,
  MARKETING_ACTIVITY_SQL,
  MESSAGES_FOR_EVENTS_SQL,
  RUN_PERSONS_SQL,
  RUN_SQL,
  RUNS_FOR_EVENTS_SQL,
  STEP_MESSAGES_SQL,
  STEP_SUPPRESSIONS_SQL,
  UNSUBSCRIBES_SQL,
} from './demo-sends.sql';

export interface ContactsPlan {
  count: number;
  firstNames: string[];
  lastNames: string[];
  companies: string[];
  titles: (string | null)[];
  countries: string[];
  plans: [string, number][];
  productEvents: string[];
  productDays: number;
  lists: { name: string; share: number; field?: string }[];
}

export interface StepPlan {
  runId: string;
  campaignId: string;
  actionId: string;
  templateId: string;
  sendAt: Date;
  senderDomain: string;
  subject: string;
  links: string[];
  /** Only contacts on this plan get the step (a branch), or everyone in the run. */
  plan: string | null;
  rates: Record<string, number>;
}

/** Writes the demo data set; every call runs inside the seed's one transaction. */
@Injectable()
export class DemoSeedRepository {
  private query<T = Record<string, unknown>>(tx: Transaction, sql: string, params: unknown[]): Promise<T[]> {
    return (tx as unknown as EntityManager).query(sql, params);
  }

  /** True when this call claimed the organisation's seed; false when it was seeded before. */
  async claim(tx: Transaction, organisationId: string): Promise<boolean> {
    return (await this.query(tx, CLAIM_SQL, [organisationId])).length > 0;
  }

  async finish(tx: Transaction, organisationId: string, durationMs: number): Promise<void> {
    await this.query(tx, FINISH_SQL, [organisationId, Math.round(durationMs)]);
  }

  /** Stages the contacts for the persons module to insert; returns the staging table. */
  async stageContacts(tx: Transaction, organisationId: string, plan: ContactsPlan): Promise<string> {
    await this.query(tx, STAGE_TABLE_SQL, []);
    await this.query(tx, STAGE_CONTACTS_SQL, [
      organisationId,
      plan.count,
      plan.firstNames,
      plan.lastNames,
      plan.companies,
      plan.titles,
      plan.countries,
      plan.plans.map(([name]) => name),
      plan.plans.map(([, upTo]) => upTo),
    ]);
    return DEMO_CONTACTS_TABLE;
  }

  /** Around the contacts once they exist: product users and events, static lists. */
  async writeContactActivity(tx: Transaction, organisationId: string, plan: ContactsPlan): Promise<void> {
    await this.query(tx, PRODUCT_USERS_SQL, [organisationId]);
    await this.query(tx, PRODUCT_EVENTS_SQL, [organisationId, plan.productEvents, plan.productDays]);
    const lists = await this.query<{ id: string; name: string }>(tx, STATIC_LISTS_SQL, [
      organisationId,
      plan.lists.map((l) => l.name),
    ]);
    const byName = new Map(plan.lists.map((l) => [l.name, l]));
    await this.query(tx, STATIC_LIST_MEMBERS_SQL, [
      organisationId,
      lists.map((l) => l.id),
      lists.map((l) => byName.get(l.name)?.share ?? 0),
      lists.map((l) => byName.get(l.name)?.field ?? null),
    ]);
  }

  async writeTokens(tx: Transaction, organisationId: string, tokens: unknown[]): Promise<void> {
    await this.query(tx, TOKENS_SQL, [organisationId, JSON.stringify(tokens)]);
  }

  /** Returns template ids by name. */
  async writeTemplates(
    tx: Transaction,
    organisationId: string,
    templates: { name: string; subject: string; html: string; ord: number }[],
    sender: { name: string; email: string },
  ): Promise<Map<string, string>> {
    const rows = await this.query<{ id: string; name: string }>(tx, TEMPLATES_SQL, [
      organisationId,
      JSON.stringify(templates),
      JSON.stringify(sender),
    ]);
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  /** Returns campaign ids by name. */
  async writeCampaigns(
    tx: Transaction,
    organisationId: string,
    campaigns: unknown[],
  ): Promise<Map<string, string>> {
    const rows = await this.query<{ id: string; name: string }>(tx, CAMPAIGNS_SQL, [
      organisationId,
      JSON.stringify(campaigns),
    ]);
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  /** A finished run with its audience snapshot; returns its id. */
  async writeRun(
    tx: Transaction,
    run: {
      organisationId: string;
      campaignId: string;
      version: number;
      slot: Date;
      finishedAt: Date;
      audiencePlans: string[];
      branchPlan: string;
      branchEndAction: string;
      otherEndAction: string;
    },
  ): Promise<string> {
    const [row] = await this.query<{ id: string }>(tx, RUN_SQL, [
      run.organisationId,
      run.campaignId,
      run.version,
      run.slot,
      run.finishedAt,
    ]);
    await this.query(tx, RUN_PERSONS_SQL, [
      run.organisationId,
      row!.id,
      run.campaignId,
      run.slot,
      run.finishedAt,
      run.audiencePlans,
      run.branchPlan,
      run.branchEndAction,
      run.otherEndAction,
    ]);
    return row!.id;
  }

  /** One send step's messages, then its suppressions, so later steps see them. */
  async writeStep(tx: Transaction, organisationId: string, step: StepPlan): Promise<void> {
    await this.query(tx, STEP_MESSAGES_SQL, [
      organisationId,
      step.runId,
      step.campaignId,
      step.actionId,
      step.templateId,
      step.sendAt,
      step.senderDomain,
      step.subject,
      JSON.stringify(step.links),
      step.plan,
      JSON.stringify(step.rates),
    ]);
    await this.query(tx, STEP_SUPPRESSIONS_SQL, [step.runId, step.actionId]);
  }

  /** Marketing activity and list counts from the campaign's messages. */
  async finishCampaign(
    tx: Transaction,
    organisationId: string,
    campaignId: string,
    scannerPerMille: number,
  ): Promise<void> {
    await this.query(tx, MARKETING_ACTIVITY_SQL, [organisationId, campaignId, scannerPerMille]);
    await this.query(tx, CAMPAIGN_COUNTS_SQL, [organisationId, campaignId]);
  }

  /** Each contact who unsubscribed from the campaign's mail, with the first time. */
  unsubscribes(
    tx: Transaction,
    organisationId: string,
    campaignId: string,
  ): Promise<{ personId: string; at: Date }[]> {
    return this.query<{ person_id: string; at: Date }>(tx, UNSUBSCRIBES_SQL, [
      organisationId,
      campaignId,
    ]).then((rows) => rows.map((r) => ({ personId: r.person_id, at: r.at })));
  }

  messagesForEvents(
    tx: Transaction,
    organisationId: string,
    campaignId: string,
    scannerPerMille: number,
  ): Promise<DemoMessageRow[]> {
    return this.query<DemoMessageRow>(tx, MESSAGES_FOR_EVENTS_SQL, [
      organisationId,
      campaignId,
      scannerPerMille,
    ]);
  }

  runsForEvents(tx: Transaction, organisationId: string, campaignId: string): Promise<DemoRunRow[]> {
    return this.query<DemoRunRow>(tx, RUNS_FOR_EVENTS_SQL, [organisationId, campaignId]);
  }
}
