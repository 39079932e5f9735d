import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation, likePattern } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { TemplateEntity } from './template.entity';

export type TemplateSearchField = 'name' | 'subject';
export type TemplatePatch = Partial<
  Pick<
    TemplateEntity,
    'name' | 'subject' | 'content' | 'content_json' | 'from_email' | 'reply_to' | 'sender_meta'
  >
>;
export interface Author {
  id: string;
  name: string;
}

/** A list row: everything but the HTML and the design, which can be megabytes. */
export type TemplateSummaryRow = Omit<TemplateEntity, 'content' | 'content_json'> & { has_content: boolean };

const SUMMARY_COLUMNS = `id, organisation_id, name, template_type, subject, from_email, reply_to, sender_meta,
  created_by_id, created_by_name, updated_by_id, updated_by_name, created_at, updated_at`;

@Injectable()
export class TemplatesRepository {
  constructor(@InjectRepository(TemplateEntity) private readonly templates: Repository<TemplateEntity>) {}

  /** A page of templates, newest change first, and the total. */
  async page(
    organisationId: string,
    query: { keyword?: string; fields: TemplateSearchField[]; limit: number; offset: number },
  ): Promise<[TemplateSummaryRow[], number]> {
    // `fields` come from the contract's enum, never from free text.
    const search = query.fields.map((field) => `${field} ILIKE $2`).join(' OR ');
    const rows: (TemplateSummaryRow & { total: number })[] = await this.templates.query(
      `SELECT ${SUMMARY_COLUMNS}, coalesce(btrim(content), '') <> '' AS has_content, count(*) OVER ()::int AS total
       FROM campaign.email_templates
       WHERE organisation_id = $1 AND ($2::text IS NULL OR ${search})
       ORDER BY updated_at DESC, id
       LIMIT $3 OFFSET $4`,
      [organisationId, query.keyword ? likePattern(query.keyword) : null, query.limit, query.offset],
    );
    const total =
      rows[0]?.total ?? (query.offset > 0 ? await this.count(organisationId, search, query.keyword) : 0);
    return [rows.map(({ total: _total, ...row }) => row), total];
  }

  find(organisationId: string, id: string): Promise<TemplateEntity | null> {
    return forOrganisation(this.templates, organisationId).findOne({ id });
  }

  create(
    organisationId: string,
    author: Author,
    data: Pick<TemplateEntity, 'name' | 'template_type'> & TemplatePatch,
  ): Promise<TemplateEntity> {
    return forOrganisation(this.templates, organisationId).create({
      ...data,
      created_by_id: author.id,
      created_by_name: author.name,
      updated_by_id: author.id,
      updated_by_name: author.name,
    });
  }

  /** Applies the patch and marks who changed it; answers whether the template exists. */
  async update(organisationId: string, id: string, author: Author, patch: TemplatePatch): Promise<boolean> {
    const changed = await forOrganisation(this.templates, organisationId).update(
      { id },
      { ...patch, updated_by_id: author.id, updated_by_name: author.name, updated_at: new Date() },
    );
    return changed === 1;
  }

  async remove(organisationId: string, id: string): Promise<boolean> {
    return (await forOrganisation(this.templates, organisationId).delete({ id })) === 1;
  }

  /** The organisation's template names starting with `prefix` (case-insensitive), to pick a free one. */
  async namesStartingWith(organisationId: string, prefix: string): Promise<string[]> {
    const rows = await forOrganisation(this.templates, organisationId)
      .query('t')
      .select('t.name', 'name')
      .andWhere('lower(t.name) LIKE lower(:prefix)', {
        prefix: `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      })
      .getRawMany<{ name: string }>();
    return rows.map((row) => row.name);
  }

  private async count(organisationId: string, search: string, keyword?: string): Promise<number> {
    const rows: { total: number }[] = await this.templates.query(
      `SELECT count(*)::int AS total FROM campaign.email_templates WHERE organisation_id = $1 AND ($2::text IS NULL OR ${search})`,
      [organisationId, keyword ? likePattern(keyword) : null],
    );
    return rows[0]?.total ?? 0;
  }
}
