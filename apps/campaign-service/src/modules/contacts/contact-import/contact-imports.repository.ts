import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation, managerIn, repositoryIn, type Transaction } from '@meridian/server-kit';
import { In, LessThan, Not, Repository } from 'typeorm';
import { ContactImportEntity } from './contact-import.entity';

/** An import not moved for this long is abandoned (matches the staging cleanup's day). */
const ABANDONED_AFTER = () => new Date(Date.now() - 24 * 60 * 60 * 1000);

/** Statuses a check or a cancel may leave: the import has not started. */
const NOT_STARTED: ContactImportEntity['status'][] = ['uploaded', 'matched', 'failed'];

/**
 * The advisory lock that makes one file's check, import start and cancel take turns: a check holds
 * it on its staging connection from before the staging table is made until the import row says
 * what it found; start and cancel take it for their transaction.
 */
export const contactFileLockKey = (importId: string) => `contacts-file:${importId}`;

/** The contact_imports rows: one per uploaded file. */
@Injectable()
export class ContactImportsRepository {
  constructor(
    @InjectRepository(ContactImportEntity) private readonly imports: Repository<ContactImportEntity>,
  ) {}

  create(organisationId: string, filepath: string): Promise<ContactImportEntity> {
    return forOrganisation(this.imports, organisationId).create({
      filepath,
      status: 'uploaded',
      processed_rows: 0,
      total_rows: 0,
    });
  }

  find(organisationId: string, filepath: string): Promise<ContactImportEntity | null> {
    return forOrganisation(this.imports, organisationId).findOne({ filepath });
  }

  findById(organisationId: string, id: string, tx?: Transaction): Promise<ContactImportEntity | null> {
    return forOrganisation(repositoryIn(tx, ContactImportEntity, this.imports), organisationId).findOne({
      id,
    });
  }

  /** Waits for the file's check, start or cancel in flight, and holds its turn until `tx` ends. */
  async lockFile(id: string, tx: Transaction): Promise<void> {
    await managerIn(tx, this.imports).query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      contactFileLockKey(id),
    ]);
  }

  /** Writes a check's outcome unless the import has started meanwhile; false when it has (or is gone). */
  async settleCheck(
    organisationId: string,
    id: string,
    patch: Partial<Omit<ContactImportEntity, 'id' | 'organisation_id'>>,
  ): Promise<boolean> {
    const changed = await forOrganisation(this.imports, organisationId).update(
      { id, status: In(NOT_STARTED) },
      { ...patch, updated_at: new Date() },
    );
    return changed === 1;
  }

  async update(
    organisationId: string,
    id: string,
    patch: Partial<Omit<ContactImportEntity, 'id' | 'organisation_id'>>,
    tx?: Transaction,
  ): Promise<void> {
    await forOrganisation(repositoryIn(tx, ContactImportEntity, this.imports), organisationId).update(
      { id },
      { ...patch, updated_at: new Date() },
    );
  }

  /** Moves the import to `to` only if it is still in `from`; false when someone else moved it. */
  async transition(
    organisationId: string,
    id: string,
    from: ContactImportEntity['status'],
    patch: Partial<ContactImportEntity>,
    tx?: Transaction,
  ): Promise<boolean> {
    const changed = await forOrganisation(
      repositoryIn(tx, ContactImportEntity, this.imports),
      organisationId,
    ).update({ id, status: from }, { ...patch, updated_at: new Date() });
    return changed === 1;
  }

  async remove(organisationId: string, id: string): Promise<void> {
    await forOrganisation(this.imports, organisationId).delete({ id });
  }

  /** Removes the import unless it is running; false when it is (or is gone). */
  async removeUnlessImporting(organisationId: string, id: string, tx: Transaction): Promise<boolean> {
    const tenant = forOrganisation(repositoryIn(tx, ContactImportEntity, this.imports), organisationId);
    return (await tenant.delete({ id, status: Not('importing') })) === 1;
  }

  /** Imports importing and unchanged since `since`, across organisations (the resume job's candidates). */
  importingSince(since: Date): Promise<Pick<ContactImportEntity, 'id' | 'organisation_id'>[]> {
    return this.imports.find({
      select: { id: true, organisation_id: true },
      where: { status: 'importing', updated_at: LessThan(since) },
      order: { updated_at: 'ASC' },
      take: 1000,
    });
  }

  /** Removes imports not moved for a day and not run (uploaded, checked or failed); answers them. Across organisations: a maintenance job. */
  async removeAbandoned(): Promise<Pick<ContactImportEntity, 'organisation_id' | 'filepath'>[]> {
    const stale = await this.imports.find({
      select: { id: true, organisation_id: true, filepath: true, status: true },
      where: (['uploaded', 'matched', 'failed'] as const).map((status) => ({
        status,
        updated_at: LessThan(ABANDONED_AFTER()),
      })),
    });
    if (stale.length > 0) await this.imports.delete(stale.map((row) => row.id));
    return stale;
  }
}
