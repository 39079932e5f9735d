import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { fieldName, matchedMessage, staticListIdSchema, staticListMessages } from '@meridian/contracts';
import { NotFoundError, type RequestContext, ValidationError } from '@meridian/server-kit';
import type { FastifyRequest } from 'fastify';
import { CsvFileError, csvToCopyLines, readHeader } from '../uploads/csv-reader';
import { readUpload } from '../uploads/multipart';
import { UploadStore } from '../uploads/upload-store';
import { pageInfo } from '../persons/contact-search';
import { StaticListMembersRepository } from './static-list-members.repository';
import { StaticListsError } from './static-lists.errors';
import { LIST_NOT_FOUND, StaticListsService } from './static-lists.service';

function emailIndex(headers: string[]): number {
  const index = headers.findIndex((h) => fieldName(h) === 'email');
  if (index < 0) throw new CsvFileError('The file must have a column named email');
  return index;
}

/** Who is on a static list: paging, removal, and adding contacts from a CSV of emails. */
@Injectable()
export class StaticListMembersService {
  constructor(
    private readonly lists: StaticListsService,
    private readonly members: StaticListMembersRepository,
    private readonly store: UploadStore,
  ) {}

  async page(
    auth: RequestContext,
    input: {
      static_list_id: string;
      page_size: number;
      page_number: number;
      search_keyword?: string;
      start_date?: string;
      end_date?: string;
    },
  ) {
    await this.lists.require(auth, input.static_list_id);
    const [rows, count] = await this.members.page(auth.organisationId, input.static_list_id, {
      keyword: input.search_keyword || undefined,
      startDate: input.start_date,
      endDate: input.end_date,
      limit: input.page_size,
      offset: (input.page_number - 1) * input.page_size,
    });
    return {
      records: rows.map((r) => ({ ...r, added_at: r.added_at.toISOString() })),
      page_number: input.page_number,
      page_size: input.page_size,
      ...pageInfo(count, input.page_size),
    };
  }

  async remove(auth: RequestContext, listId: string, emails: string[]): Promise<number> {
    await this.lists.require(auth, listId, true);
    return this.members.removeEmails(auth.organisationId, listId, emails);
  }

  async removeAll(auth: RequestContext, listId: string): Promise<number> {
    await this.lists.require(auth, listId, true);
    return this.members.removeAll(auth.organisationId, listId);
  }

  /**
   * Stores the file once the list is known to be the caller's and the header has an email column.
   * A static_list_id sent before the file is checked before anything is stored; one sent after it
   * (form fields in another order) is checked once the form is read, and the file goes if refused.
   */
  async upload(auth: RequestContext, request: FastifyRequest): Promise<string> {
    let form: Record<string, string> = {};
    let checked = false;
    const filepath = await readUpload(request, async (file, fields) => {
      form = fields;
      if (fields.static_list_id !== undefined) {
        try {
          await this.requireFormList(auth, fields.static_list_id);
        } catch (error) {
          file.file.resume();
          throw error;
        }
        checked = true;
      }
      return this.store.save(auth.organisationId, 'static-list', file);
    });
    try {
      if (!checked) await this.requireFormList(auth, form.static_list_id);
      await this.guard(async () =>
        emailIndex(await readHeader(await this.store.open(auth.organisationId, filepath))),
      );
    } catch (error) {
      await this.store.remove(auth.organisationId, filepath);
      throw error;
    }
    return filepath;
  }

  /** The form's list id as the JSON calls take it: missing or malformed is a 400, another's a 404. */
  private async requireFormList(auth: RequestContext, id: string | undefined): Promise<void> {
    const parsed = staticListIdSchema.safeParse(id);
    if (!parsed.success) throw new ValidationError({ static_list_id: [staticListMessages.invalidId] });
    await this.lists.require(auth, parsed.data);
  }

  async status(auth: RequestContext, listId: string, filepath: string) {
    await this.lists.require(auth, listId);
    await this.store.path(auth.organisationId, filepath, 'static-list');
    // Uploads are stored within the request: a file that exists is complete.
    return { status: 'completed' as const, error: null, filepath };
  }

  async match(auth: RequestContext, listId: string, filepath: string) {
    await this.lists.require(auth, listId);
    const source = await this.store.open(auth.organisationId, filepath, 'static-list');
    const { total, matched } = await this.guard(() =>
      this.members.match(auth.organisationId, () => this.emailLines(source)),
    );
    return { matched_contacts: matched, total_count: total, message: matchedMessage(matched, total) };
  }

  async insert(auth: RequestContext, listId: string, filepath: string): Promise<number> {
    await this.lists.require(auth, listId);
    const source = await this.store.open(auth.organisationId, filepath, 'static-list');
    const added = await this.guard(() =>
      this.members.insertFromFile(auth.organisationId, listId, () => this.emailLines(source)),
    );
    if (added === null) throw new NotFoundError(LIST_NOT_FOUND);
    // Marked changed (time, by whom) only once its members did change: a refused file leaves it as it was.
    await this.lists.require(auth, listId, true);
    await this.store.remove(auth.organisationId, filepath);
    return added;
  }

  private emailLines(source: Readable): Readable {
    return csvToCopyLines(source, (headers) => [emailIndex(headers)]);
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CsvFileError) throw new StaticListsError('InvalidCsvException', error.message);
      throw error;
    }
  }
}
