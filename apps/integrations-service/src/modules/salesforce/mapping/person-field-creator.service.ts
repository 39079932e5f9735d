import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  contactsSynced,
  fieldName,
  type PersonFieldType,
  unifiedMappingMessages as m,
} from '@meridian/contracts';
import {
  EventPublisher,
  LOGGER,
  type RequestContext,
  Transactions,
  ValidationError,
} from '@meridian/server-kit';
import type { Logger } from 'pino';
import { requireConnectionAdmin } from '../../warehouse/connections/connections.errors';
import { CrmSourcesRepository } from './crm-sources.repository';
import { PersonFieldsClient } from './person-fields.client';

/** How long the answer waits for the owner to have created the field, and how often it looks. */
const CREATED_WAIT_MS = 15_000;
const CREATED_POLL_MS = 250;

export interface CreatedPersonField {
  name: string;
  display: string;
  type: PersonFieldType;
}

/**
 * 'Add Field for Person'. Person fields belong to the contacts' owner, so the field travels the
 * way synced custom columns do: a contactsSynced batch with the new field and no rows. The answer
 * waits (bounded) until the owner lists it, so the screen's next read shows the new row.
 */
@Injectable()
export class PersonFieldCreator {
  constructor(
    private readonly transactions: Transactions,
    private readonly personFields: PersonFieldsClient,
    private readonly connections: CrmSourcesRepository,
    private readonly publisher: EventPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(
    auth: RequestContext,
    bearer: string,
    input: { name: string; type: PersonFieldType },
  ): Promise<CreatedPersonField> {
    requireConnectionAdmin(auth);
    const display = input.name.trim();
    const field = { name: fieldName(display), display, type: input.type };
    if (!/[a-z0-9]/.test(field.name)) throw new ValidationError({ name: [m.fieldNameInvalid] });
    const existing = await this.personFields.list(bearer);
    if (existing.some((f) => f.name === field.name)) throw new ValidationError({ name: [m.fieldExists] });

    await this.transactions.run(async (tx) => {
      const connection = await this.connections.connectionOf(auth.organisationId, tx);
      await this.publisher.publish(tx, contactsSynced, {
        organisation_id: auth.organisationId,
        source: 'salesforce',
        connection_id: connection?.id ?? null,
        sync_run_id: null,
        batch_id: randomUUID(),
        new_fields: [field],
        rows: [],
        options: { enable_update: false, overwrite_values: false, ignore_blank: true },
      });
    });
    await this.awaitCreated(bearer, field.name);
    return field;
  }

  private async awaitCreated(bearer: string, name: string): Promise<void> {
    const deadline = Date.now() + CREATED_WAIT_MS;
    while (Date.now() < deadline) {
      if ((await this.personFields.list(bearer)).some((f) => f.name === name)) return;
      await new Promise((done) => setTimeout(done, CREATED_POLL_MS));
    }
    // Published and durable: it lands later; the screen shows it on its next read.
    this.logger.warn({ field: name }, 'person field not listed yet by the contacts owner');
  }
}
