import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, NotFoundError } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import { UploadsError } from './uploads.errors';

export type UploadKind = 'contacts' | 'static-list';

/** What clients hold: a name inside the caller's own folder, never a path. */
const FILE_REF = /^(contacts|static-list)-[0-9a-f-]{36}\.csv$/;

export const FILE_NOT_FOUND = 'File not found';

/**
 * Uploaded CSV files on disk, one folder per organisation: a file reference of
 * another organisation resolves to a file that does not exist for the caller.
 */
@Injectable()
export class UploadStore {
  private readonly root: string;

  constructor(@Inject(CONFIG) config: CampaignConfig) {
    this.root = resolve(config.UPLOAD_DIR);
  }

  /** Streams an upload to disk (never buffered); refuses non-CSV names and oversize files. */
  async save(
    organisationId: string,
    kind: UploadKind,
    file: { filename: string; file: Readable & { truncated?: boolean } },
  ): Promise<string> {
    if (!/\.csv$/i.test(file.filename.trim())) {
      file.file.resume();
      throw new UploadsError('InvalidFileException', 'Only .csv files can be uploaded');
    }
    const folder = this.folder(organisationId);
    await mkdir(folder, { recursive: true });
    const ref = `${kind}-${randomUUID()}.csv`;
    const path = join(folder, ref);
    try {
      await pipeline(file.file, createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    if (file.file.truncated) {
      await rm(path, { force: true });
      throw new UploadsError('PayloadTooLargeException', 'The file is too large');
    }
    return ref;
  }

  /** The file's path on disk; not found for bad references and other organisations' files. */
  async path(organisationId: string, ref: string, kind?: UploadKind): Promise<string> {
    if (!FILE_REF.test(ref) || (kind && !ref.startsWith(`${kind}-`))) throw new NotFoundError(FILE_NOT_FOUND);
    const path = join(this.folder(organisationId), ref);
    const found = await stat(path).catch(() => null);
    if (!found?.isFile()) throw new NotFoundError(FILE_NOT_FOUND);
    return path;
  }

  async open(organisationId: string, ref: string, kind?: UploadKind): Promise<Readable> {
    return createReadStream(await this.path(organisationId, ref, kind));
  }

  async remove(organisationId: string, ref: string): Promise<void> {
    if (!FILE_REF.test(ref)) return;
    await rm(join(this.folder(organisationId), ref), { force: true });
  }

  private folder(organisationId: string): string {
    if (!/^[0-9a-f-]{36}$/i.test(organisationId)) throw new Error('Bad organisation id');
    return join(this.root, organisationId);
  }
}
