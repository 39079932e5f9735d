import { Injectable } from '@nestjs/common';
import type { crmResyncRequested, EventPayload } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { PersonsService } from '../persons/persons.service';
import { batchKey, type ExportScope } from './crm-export-batches';
import { CrmExportPublisher } from './crm-export-publisher';
import { CrmExportRepository } from './crm-export.repository';
import { CrmFeedRepository } from './crm-feed.repository';

/** The flow step that asks: its campaign, run and action. */
export interface StepOrigin {
  organisationId: string;
  connectionId: string;
  campaignId: string;
  runId: string;
  actionId: string;
}

const noOrigin = { campaign_id: null, run_id: null, action_id: null, request_id: null };

/**
 * Persons pushed on request rather than because they changed: a flow step's persons
 * ('Sync to Salesforce') and the persons of a resync. Each reads the values set-based and
 * publishes in the caller's transaction. The fields are the connection's feed's, or every person
 * field while the connection has no feed yet.
 */
@Injectable()
export class CrmExportService {
  constructor(
    private readonly feeds: CrmFeedRepository,
    private readonly exports: CrmExportRepository,
    private readonly persons: PersonsService,
    private readonly publisher: CrmExportPublisher,
  ) {}

  async forStep(tx: Transaction, origin: StepOrigin, personIds: readonly string[]): Promise<void> {
    if (personIds.length === 0) return;
    const fields = await this.fieldsOf(tx, origin.organisationId, origin.connectionId);
    const rows = await this.exports.byIds(tx, origin.organisationId, personIds, fields);
    const scope: ExportScope = {
      organisation_id: origin.organisationId,
      connection_id: origin.connectionId,
      reason: 'flow_step',
      campaign_id: origin.campaignId,
      run_id: origin.runId,
      action_id: origin.actionId,
      request_id: null,
    };
    // The same persons at the same step of the same run: a retried batch repeats its ids.
    const key = batchKey(...rows.map((r) => r.person_id));
    await this.publisher.publish(
      tx,
      rows,
      fields,
      scope,
      `flow_step:${origin.runId}:${origin.actionId}:${key}`,
    );
  }

  /**
   * The persons of a resync request's emails; unknown emails are skipped. A request that finds
   * nobody is still answered, with an empty batch, so the asker knows it was heard.
   */
  async forResync(tx: Transaction, request: EventPayload<typeof crmResyncRequested>): Promise<void> {
    const org = request.organisation_id;
    const fields = await this.fieldsOf(tx, org, request.connection_id);
    const rows = await this.exports.byEmails(tx, org, request.emails, fields);
    const scope: ExportScope = {
      ...noOrigin,
      organisation_id: org,
      connection_id: request.connection_id,
      reason: 'resync',
      request_id: request.request_id,
    };
    const idBase = `resync:${request.request_id}`;
    const published = await this.publisher.publish(tx, rows, fields, scope, idBase);
    if (published === 0) await this.publisher.publishEmpty(tx, scope, `${idBase}:0`);
  }

  private async fieldsOf(tx: Transaction, organisationId: string, connectionId: string): Promise<string[]> {
    const configured = await this.feeds.fieldsOf(tx, organisationId, connectionId);
    if (configured) return configured;
    return (await this.persons.fieldDefinitions(organisationId)).map((f) => f.name);
  }
}
