import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_PERSON_FIELDS,
  type PersonField,
  type TemplateFromEmail,
  type TemplateSenderMeta,
} from '@meridian/contracts';
import { DataSource } from 'typeorm';

export interface DryRunTemplate {
  subject: string | null;
  content: string | null;
  from_email: TemplateFromEmail | null;
  reply_to: string | null;
  sender_meta: TemplateSenderMeta | null;
}

/**
 * What the dry run reads about a step's assets. Only SELECTs, always scoped to the organisation:
 * a step naming another organisation's asset finds nothing.
 */
@Injectable()
export class DryRunRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private async one<T>(sql: string, values: unknown[]): Promise<T | null> {
    const rows = (await this.db.query(sql, values)) as T[];
    return rows[0] ?? null;
  }

  /** The person ids a compiled person filter selects. */
  async matching(compiled: { text: string; values: unknown[] }): Promise<string[]> {
    const rows = (await this.db.query(compiled.text, compiled.values)) as { person_id: string }[];
    return rows.map((row) => row.person_id);
  }

  template(organisationId: string, id: string): Promise<DryRunTemplate | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.one(
      `SELECT subject, content, from_email, reply_to, sender_meta FROM campaign.email_templates
        WHERE organisation_id = $1 AND id = $2`,
      [organisationId, id],
    );
  }

  webhook(organisationId: string, id: string): Promise<{ name: string; method: string; url: string } | null> {
    return this.one(
      `SELECT name, method, url FROM campaign.webhooks WHERE organisation_id = $1 AND webhook_id = $2`,
      [organisationId, id],
    );
  }

  /** A person field's definition; a default field the organisation has not stored yet is its default. */
  async personField(organisationId: string, name: string): Promise<PersonField | null> {
    const row = await this.one<PersonField>(
      `SELECT name, display, type, length, read_only, updatable, required, hidden, custom
         FROM campaign.person_fields WHERE organisation_id = $1 AND name = $2`,
      [organisationId, name],
    );
    return row ?? DEFAULT_PERSON_FIELDS.find((field) => field.name === name) ?? null;
  }

  staticList(
    organisationId: string,
    id: string,
    personId: string,
  ): Promise<{ id: string; name: string; member: boolean } | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.one(
      `SELECT l.id, l.name, EXISTS (
          SELECT 1 FROM campaign.static_list_members m WHERE m.static_list_id = l.id AND m.person_id = $3
        ) AS member
        FROM campaign.static_lists l WHERE l.organisation_id = $1 AND l.id = $2`,
      [organisationId, id, personId],
    );
  }
}

/** Step options are free text while a draft; a malformed id names no row (and must not reach a uuid cast). */
const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
