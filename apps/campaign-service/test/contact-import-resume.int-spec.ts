import { contactFileMatchContract, contactsImportContract } from '@meridian/contracts';
import { queueSchemaName } from '@meridian/server-kit';
import { eventually, type SignedIn } from '@meridian/testing';
import { ContactImportResumeRunner } from '../src/modules/contacts/contact-import/contact-import-resume.runner';
import {
  contactImportJobKey,
  contactImportLockKey,
} from '../src/modules/contacts/contact-import/contact-import.job';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { importFinished, uploadedPath } from './support/csv-upload';

const QUEUE = queueSchemaName('campaign');

/**
 * A worker killed in the middle of an import leaves its job locked (graphile-worker frees it only
 * after hours) and the import 'processing' on the user's screen. The resume job finds the import
 * whose lock nobody holds and runs it again; one whose run is alive is left alone.
 */
describe('contact imports whose run died', () => {
  let http: CampaignTestApp;
  let worker: CampaignTestApp | undefined;
  let admin: SignedIn;

  beforeAll(async () => {
    // Enqueue only: the import's job waits until the test says how its run ended.
    http = await startCampaignTestApp({ SERVICE_ROLE: 'http' });
    admin = await http.platform.newOrganisation();
  });

  afterAll(async () => {
    await worker?.close();
    await http?.close();
  });

  async function startedImport(csv: string): Promise<{ filepath: string; id: string }> {
    const filepath = await uploadedPath(http, admin, csv);
    await http.call(contactFileMatchContract, { filepath }, admin).expect(200);
    await http.call(contactsImportContract, { filepath }, admin).expect(200);
    const [row] = await http.sql<{ id: string }>(
      `SELECT id FROM campaign.contact_imports WHERE filepath = $1 AND status = 'importing'`,
      [filepath],
    );
    return { filepath, id: row!.id };
  }

  it('runs an import again once its worker died, importing the file once', async () => {
    const { filepath, id } = await startedImport('email,first_name\nkilled1@x.com,Kim\nkilled2@x.com,Lee\n');
    // What a kill -9 mid-run leaves: the job taken (one attempt of one) and locked by a worker
    // that is gone, the import importing, a minute old.
    const taken = await http.sql(
      `UPDATE ${QUEUE}._private_jobs SET locked_by = 'killed-worker', locked_at = now(), attempts = 1
        WHERE key = $1 RETURNING id`,
      [contactImportJobKey(id)],
    );
    expect(taken).toHaveLength(1);
    await http.sql(
      `UPDATE campaign.contact_imports SET updated_at = now() - interval '2 minutes' WHERE id = $1`,
      [id],
    );

    worker = await startCampaignTestApp({ SERVICE_ROLE: 'worker' }, { shareWith: http });
    const resume = worker.app.get(ContactImportResumeRunner);
    expect(await resume.resume(new Date(Date.now() - 60_000))).toEqual([id]);
    expect(await importFinished(http, admin, filepath)).toMatchObject({
      stage: 'imported',
      result: { new_records: 2, records_updated: 0 },
    });
    const persons = await http.sql<{ email: string }>(
      `SELECT email FROM campaign.persons WHERE organisation_id = $1 AND email LIKE 'killed%' ORDER BY email`,
      [admin.organisation.id],
    );
    expect(persons.map((p) => p.email)).toEqual(['killed1@x.com', 'killed2@x.com']);
    expect(await resume.resume(new Date())).toEqual([]);
  });

  it('leaves an import alone while its run holds the lock', async () => {
    await worker?.close();
    worker = undefined;
    const { id } = await startedImport('email\nalive@x.com\n');
    const [lock] = await http.sql<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`,
      [contactImportLockKey(admin.organisation.id)],
    );
    expect(lock).toEqual({ locked: true });
    await http.sql(
      `UPDATE campaign.contact_imports SET updated_at = now() - interval '2 minutes' WHERE id = $1`,
      [id],
    );
    const resume = http.app.get(ContactImportResumeRunner);
    expect(await resume.resume(new Date(Date.now() - 60_000))).toEqual([]);
    await http.sql(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [
      contactImportLockKey(admin.organisation.id),
    ]);
    expect(await resume.resume(new Date(Date.now() - 60_000))).toEqual([id]);
    // Let the worker of the next case import it: nothing of this organisation is left importing.
    worker = await startCampaignTestApp({ SERVICE_ROLE: 'worker' }, { shareWith: http });
    await eventually(
      async () => {
        const [row] = await http.sql<{ status: string }>(
          `SELECT status FROM campaign.contact_imports WHERE id = $1`,
          [id],
        );
        return row?.status === 'imported' ? row : undefined;
      },
      { what: 'the resumed import to finish' },
    );
  });

  it('runs one import of an organisation at a time: the next waits its turn without a job slot', async () => {
    const key = contactImportLockKey(admin.organisation.id);
    // Another import of the organisation is running (its lock held).
    await http.sql(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [key]);
    const { filepath, id } = await startedImport('email\nwaiting@x.com\n');
    // Its job found the lock held and queued itself again a few seconds on.
    await eventually(
      async () => {
        const [job] = await http.sql<{ later: boolean }>(
          `SELECT run_at > now() AS later FROM ${QUEUE}._private_jobs WHERE key = $1 AND locked_at IS NULL`,
          [contactImportJobKey(id)],
        );
        return job?.later ? job : undefined;
      },
      { what: 'the import to wait its turn' },
    );
    const [row] = await http.sql<{ status: string }>(
      `SELECT status FROM campaign.contact_imports WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'importing' });

    await http.sql(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [key]);
    expect(await importFinished(http, admin, filepath)).toMatchObject({
      stage: 'imported',
      result: { new_records: 1 },
    });
  });
});
