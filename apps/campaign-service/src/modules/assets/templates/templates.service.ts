import { Injectable } from '@nestjs/common';
import {
  pageCount,
  type ParsedRequestOf,
  type Template,
  type TemplateSummary,
  templateCreateContract,
  templatesListContract,
  templateUpdateContract,
} from '@meridian/contracts';
import type { RequestContext } from '@meridian/server-kit';
import type { TemplateEntity } from './template.entity';
import { TemplateNotFoundError } from './templates.errors';
import {
  type Author,
  type TemplatePatch,
  type TemplateSummaryRow,
  TemplatesRepository,
} from './templates.repository';
import { copyName } from './copy-name';

type ListInput = ParsedRequestOf<typeof templatesListContract>;
type CreateInput = ParsedRequestOf<typeof templateCreateContract>;
type UpdateInput = ParsedRequestOf<typeof templateUpdateContract>;

const user = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function toSummary(row: TemplateSummaryRow): TemplateSummary {
  return {
    template_id: row.id,
    name: row.name,
    type: 'email',
    template_type: row.template_type,
    subject: row.subject,
    from_email: row.from_email,
    reply_to: row.reply_to,
    sender_meta: row.sender_meta,
    has_content: row.has_content,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: user(row.created_by_id, row.created_by_name),
    updated_by: user(row.updated_by_id, row.updated_by_name),
  };
}

export function toTemplate(row: TemplateEntity): Template {
  const { has_content: _hasContent, ...summary } = toSummary({ ...row, has_content: false });
  return { ...summary, content: row.content, content_json: row.content_json };
}

export const authorOf = (auth: RequestContext): Author => ({
  id: auth.accountId,
  name: auth.name ?? auth.email,
});

/** Email templates of the caller's organisation: list, create, edit, rename, clone, delete. */
@Injectable()
export class TemplatesService {
  constructor(private readonly templates: TemplatesRepository) {}

  async page(auth: RequestContext, input: ListInput) {
    const search = input.query?.search;
    const [rows, total] = await this.templates.page(auth.organisationId, {
      keyword: search?.keyword || undefined,
      fields: search?.fields ?? ['name'],
      limit: input.page_size,
      offset: (input.page_number - 1) * input.page_size,
    });
    return {
      records: rows.map(toSummary),
      page_number: input.page_number,
      page_size: input.page_size,
      page_count: pageCount(total, input.page_size),
      total_count: total,
    };
  }

  async get(auth: RequestContext, id: string): Promise<Template> {
    return toTemplate(await this.require(auth, id));
  }

  /** The stored row; another organisation's id is not found. */
  async require(auth: RequestContext, id: string): Promise<TemplateEntity> {
    const row = await this.templates.find(auth.organisationId, id);
    if (!row) throw new TemplateNotFoundError();
    return row;
  }

  async create(auth: RequestContext, input: CreateInput): Promise<Template> {
    const row = await this.templates.create(auth.organisationId, authorOf(auth), {
      name: input.name,
      template_type: input.template_type,
      content: input.content ?? null,
      // A design only makes sense for the visual editor; an HTML template keeps just its code.
      content_json: input.template_type === 'visual' ? (input.content_json ?? null) : null,
    });
    return this.get(auth, row.id);
  }

  async update(auth: RequestContext, input: UpdateInput): Promise<Template> {
    const { template_id: id, ...fields } = input;
    const patch: TemplatePatch = {};
    // Only what was sent changes; null clears a field.
    for (const key of [
      'name',
      'subject',
      'content',
      'content_json',
      'reply_to',
      'sender_meta',
      'from_email',
    ] as const) {
      if (fields[key] !== undefined) Object.assign(patch, { [key]: fields[key] });
    }
    if (patch.reply_to === '') patch.reply_to = null;
    if (patch.from_email && !patch.from_email.name && !patch.from_email.email) patch.from_email = null;
    if (!(await this.templates.update(auth.organisationId, id, authorOf(auth), patch)))
      throw new TemplateNotFoundError();
    return this.get(auth, id);
  }

  async rename(auth: RequestContext, id: string, name: string): Promise<Template> {
    if (!(await this.templates.update(auth.organisationId, id, authorOf(auth), { name })))
      throw new TemplateNotFoundError();
    return this.get(auth, id);
  }

  async remove(auth: RequestContext, id: string): Promise<void> {
    if (!(await this.templates.remove(auth.organisationId, id))) throw new TemplateNotFoundError();
  }

  /** A copy with everything but the authorship; named `name`, else a free 'Copy of {name}'. */
  async clone(auth: RequestContext, id: string, name?: string): Promise<Template> {
    const source = await this.require(auth, id);
    const base = copyName(source.name);
    const taken = name ? [] : await this.templates.namesStartingWith(auth.organisationId, base);
    const row = await this.templates.create(auth.organisationId, authorOf(auth), {
      name: name ?? copyName(source.name, taken),
      template_type: source.template_type,
      subject: source.subject,
      content: source.content,
      content_json: source.content_json,
      from_email: source.from_email,
      reply_to: source.reply_to,
      sender_meta: source.sender_meta,
    });
    return this.get(auth, row.id);
  }
}
