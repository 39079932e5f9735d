import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation, isUniqueViolation, likePattern } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { WebhookEntity } from './webhook.entity';

/** Who made a change, kept by id and by the name shown in the list. */
export interface Editor {
  id: string;
  name: string;
}

export type WebhookChanges = Partial<
  Pick<WebhookEntity, 'name' | 'description' | 'method' | 'url' | 'payload' | 'headers' | 'timeout'>
>;

@Injectable()
export class WebhooksRepository {
  constructor(@InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>) {}

  /** A page of webhooks, newest change first, optionally by name; and the total. */
  async page(
    organisationId: string,
    query: { keyword?: string; limit: number; offset: number },
  ): Promise<[WebhookEntity[], number]> {
    const builder = forOrganisation(this.webhooks, organisationId)
      .query('w')
      .orderBy('w.updated_at', 'DESC')
      .addOrderBy('w.webhook_id')
      .limit(query.limit)
      .offset(query.offset);
    if (query.keyword) builder.andWhere('w.name ILIKE :kw', { kw: likePattern(query.keyword) });
    return builder.getManyAndCount();
  }

  one(organisationId: string, webhookId: string): Promise<WebhookEntity | null> {
    return forOrganisation(this.webhooks, organisationId).findOne({ webhook_id: webhookId });
  }

  /** Inserts under a fresh id from `nextId`, drawing again in the rare case it is taken. */
  async create(
    organisationId: string,
    values: Required<WebhookChanges>,
    editor: Editor,
    nextId: () => string,
  ): Promise<WebhookEntity> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await forOrganisation(this.webhooks, organisationId).create({
          ...values,
          webhook_id: nextId(),
          created_by_id: editor.id,
          created_by_name: editor.name,
          updated_by_id: editor.id,
          updated_by_name: editor.name,
        });
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
      { ...changes, updated_by_id: editor.id, updated_by_name: editor.name, updated_at: new Date() },
    );
    return changed === 1;
  }

  async remove(organisationId: string, webhookId: string): Promise<boolean> {
    return (await forOrganisation(this.webhooks, organisationId).delete({ webhook_id: webhookId })) === 1;
  }
}
