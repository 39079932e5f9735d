import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { WebhookSearchField } from '@meridian/contracts';
import {
  CredentialsCipher,
  forOrganisation,
  isUniqueViolation,
  likePattern,
  LOGGER,
} from '@meridian/server-kit';
import type { Logger } from 'pino';
import { Repository } from 'typeorm';
import { openHeaders, sealHeaders } from './webhook-headers';
import { WebhookEntity } from './webhook.entity';

/** Who made a change, kept by id and by the name shown in the list. */
export interface Editor {
  id: string;
  name: string;
}

export type WebhookChanges = Partial<
  Pick<WebhookEntity, 'name' | 'description' | 'method' | 'url' | 'payload' | 'headers' | 'timeout'>
>;

/**
 * Webhooks, their headers sealed at rest: written sealed, read opened, and rows from before the
 * headers were sealed (or written by hand) sealed when the service starts.
 */
@Injectable()
export class WebhooksRepository implements OnApplicationBootstrap {
  constructor(
    @InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>,
    private readonly cipher: CredentialsCipher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Seals every row still holding plain headers, in one statement; idempotent across replicas. */
  async onApplicationBootstrap(): Promise<void> {
    const plain = (await this.webhooks.query(
      `SELECT organisation_id, webhook_id, headers FROM campaign.webhooks
        WHERE headers_sealed IS NULL AND headers <> '{}'::jsonb`,
    )) as Array<{ organisation_id: string; webhook_id: string; headers: Record<string, string> }>;
    if (plain.length === 0) return;
    await this.webhooks.query(
      `UPDATE campaign.webhooks w SET headers_sealed = u.sealed, headers = '{}'::jsonb
         FROM unnest($1::uuid[], $2::text[], $3::bytea[]) AS u(organisation_id, webhook_id, sealed)
        WHERE w.organisation_id = u.organisation_id AND w.webhook_id = u.webhook_id
          AND w.headers_sealed IS NULL`,
      [
        plain.map((row) => row.organisation_id),
        plain.map((row) => row.webhook_id),
        plain.map((row) => sealHeaders(this.cipher, row.organisation_id, row.webhook_id, row.headers)),
      ],
    );
    this.logger.info({ webhooks: plain.length }, 'webhook headers sealed at rest');
  }

  /** The row with its headers opened (the sealed bytes never leave the repository). */
  private opened(row: WebhookEntity): WebhookEntity {
    return { ...row, headers: openHeaders(this.cipher, row), headers_sealed: null };
  }

  /** The changes as stored: headers sealed for this webhook, the plain column emptied. */
  private sealed<T extends WebhookChanges>(organisationId: string, webhookId: string, changes: T) {
    if (changes.headers === undefined) return changes;
    return {
      ...changes,
      headers: {},
      headers_sealed: sealHeaders(this.cipher, organisationId, webhookId, changes.headers),
    };
  }

  /** A page of webhooks, newest change first, optionally by keyword in `fields` (default name); and the total. */
  async page(
    organisationId: string,
    query: { keyword?: string; fields?: readonly WebhookSearchField[]; limit: number; offset: number },
  ): Promise<[WebhookEntity[], number]> {
    const builder = forOrganisation(this.webhooks, organisationId)
      .query('w')
      .orderBy('w.updated_at', 'DESC')
      .addOrderBy('w.webhook_id')
      .limit(query.limit)
      .offset(query.offset);
    if (query.keyword) {
      // `fields` come from the contract's enum, never from free text.
      const fields = [...new Set(query.fields ?? ['name'])];
      builder.andWhere(`(${fields.map((field) => `w.${field} ILIKE :kw`).join(' OR ')})`, {
        kw: likePattern(query.keyword),
      });
    }
    const [rows, total] = await builder.getManyAndCount();
    return [rows.map((row) => this.opened(row)), total];
  }

  async one(organisationId: string, webhookId: string): Promise<WebhookEntity | null> {
    const row = await forOrganisation(this.webhooks, organisationId).findOne({ webhook_id: webhookId });
    return row ? this.opened(row) : null;
  }

  /** Inserts under a fresh id from `nextId`, drawing again in the rare case it is taken. */
  async create(
    organisationId: string,
    values: Required<WebhookChanges>,
    editor: Editor,
    nextId: () => string,
  ): Promise<WebhookEntity> {
    for (let attempt = 0; ; attempt++) {
      const webhookId = nextId();
      try {
        const row = await forOrganisation(this.webhooks, organisationId).create({
          ...this.sealed(organisationId, webhookId, values),
          webhook_id: webhookId,
          created_by_id: editor.id,
          created_by_name: editor.name,
          updated_by_id: editor.id,
          updated_by_name: editor.name,
        });
        return this.opened(row);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  /** Applies the changes; answers whether the webhook exists in the organisation. */
  async update(
    organisationId: string,
    webhookId: string,
    changes: WebhookChanges,
    editor: Editor,
  ): Promise<boolean> {
    const changed = await forOrganisation(this.webhooks, organisationId).update(
      { webhook_id: webhookId },
      {
        ...this.sealed(organisationId, webhookId, changes),
        updated_by_id: editor.id,
        updated_by_name: editor.name,
        updated_at: new Date(),
      },
    );
    return changed === 1;
  }

  async remove(organisationId: string, webhookId: string): Promise<boolean> {
    return (await forOrganisation(this.webhooks, organisationId).delete({ webhook_id: webhookId })) === 1;
  }
}
