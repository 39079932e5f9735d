import {
  contactDuplicateReportContract,
  contactErrorReportContract,
  contactFileCancelContract,
  contactFileMatchContract,
  contactFileStatusContract,
  contactsImportContract,
  contactTemplateDownloadContract,
  personGetContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import type { JobContext } from '@meridian/server-kit';
import { ContactImportCleanupRunner } from '../src/modules/contacts/contact-import/contact-import-cleanup.runner';
import { ContactImportsRepository } from '../src/modules/contacts/contact-import/contact-imports.repository';
import { PARALLEL_MIN_BYTES } from '../src/modules/contacts/contact-import/csv-parts';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { importFinished, uploadCsv, uploadedPath } from './support/csv-upload';

describe('ContactImportController', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE campaign.persons, campaign.contact_imports CASCADE');
  });

  const persons = () =>
    t.sql<{
      email: string;
      first_name: string | null;
      title: string | null;
      custom_fields: Record<string, unknown>;
    }>('SELECT email, first_name, title, custom_fields FROM campaign.persons ORDER BY email');

  async function importFile(content: string | Buffer, options: Record<string, boolean> = {}) {
    const filepath = await uploadedPath(t, admin, content);
    const preview = (await t.call(contactFileMatchContract, { filepath }, admin).expect(200)).body;
    await t.call(contactsImportContract, { filepath, ...options }, admin).expect(200);
    return { filepath, preview, finished: await importFinished(t, admin, filepath) };
  }

  it('serves a template with the email and default field headers', async () => {
    const response = await t.call(contactTemplateDownloadContract, {}, admin).expect(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.text.trim()).toBe('email,first_name,last_name,title,company_name,phone_number');
  });

  it('imports a file with a BOM, CRLF, quoted newlines and a new custom column', async () => {
    const csv =
      '\uFEFFemail,First Name,Favourite Colour\r\na@x.com,"Ada\r\nLovelace",blue\r\nb@x.com,Bob,\r\n';
    const { preview, finished } = await importFile(csv);
    expect(preview).toMatchObject({
      total_contacts: 2,
      new_contacts: 2,
      error_contacts: 0,
      duplicate_contacts: 0,
      total_entries_to_be_updated: 0,
      status: 'SUCCESS',
      message: 'Data verified successfully',
    });
    expect(finished).toMatchObject({ stage: 'imported', result: { new_records: 2, records_updated: 0 } });
    expect(await persons()).toEqual([
      {
        email: 'a@x.com',
        first_name: 'Ada\r\nLovelace',
        title: null,
        custom_fields: { favourite_colour: 'blue' },
      },
      { email: 'b@x.com', first_name: 'Bob', title: null, custom_fields: {} },
    ]);
    const [{ id }] = await t.sql<{ id: string }>(`SELECT id FROM campaign.persons WHERE email = 'a@x.com'`);
    const person = (await t.call(personGetContract, { person_id: id }, admin).expect(200)).body.person;
    expect(person.custom_fields).toEqual([
      expect.objectContaining({ name: 'favourite_colour', display: 'Favourite Colour', value: 'blue' }),
    ]);
  });

  it('blocks a file with invalid rows and reports them with formula cells escaped', async () => {
    const csv = 'email,first_name\nok@x.com,=HYPERLINK("http://evil")\nnot-an-email,+cmd\n,@SUM(A1)\n';
    const filepath = await uploadedPath(t, admin, csv);
    const preview = (await t.call(contactFileMatchContract, { filepath }, admin).expect(200)).body;
    expect(preview).toMatchObject({
      status: 'ERROR',
      message: 'Data contains errors',
      error_contacts: 2,
      new_contacts: 1,
    });
    expect(preview.error_report).toContain(contactErrorReportContract.fullPath);

    const report = await t.call(contactErrorReportContract, { filepath }, admin).expect(200);
    expect(report.text.split('\n')).toEqual([
      'row,email,first_name,error',
      "3,not-an-email,'+cmd,Valid email is required",
      "4,,'@SUM(A1),Email is required",
      '',
    ]);
    const refused = await t.call(contactsImportContract, { filepath }, admin).expect(409);
    expect(refused.body.description).toBe('Data contains errors');
    expect(await persons()).toEqual([]);
  });

  it('checks a large file in parts and reports rows by their numbers in the file', async () => {
    // Over the size at which the file is parsed on several threads: 40,000 rows of ~440 bytes.
    const note = 'n'.repeat(420);
    const lines = Array.from({ length: 40_000 }, (_, i) => `u${i}@x.com,${note}`);
    lines[30_000] = `not-an-email,${note}`;
    lines[35_000] = `U7@x.com,${note}`;
    const content = `email,Note\n${lines.join('\n')}\n`;
    expect(content.length).toBeGreaterThan(PARALLEL_MIN_BYTES);

    const filepath = await uploadedPath(t, admin, content);
    const preview = (await t.call(contactFileMatchContract, { filepath }, admin).expect(200)).body;
    expect(preview).toMatchObject({
      total_contacts: 40_000,
      error_contacts: 1,
      duplicate_contacts: 1,
      new_contacts: 39_998,
    });
    const errors = await t.call(contactErrorReportContract, { filepath }, admin).expect(200);
    expect(errors.text.split('\n')[1]).toBe(`30002,not-an-email,${note},Valid email is required`);
    const duplicates = await t.call(contactDuplicateReportContract, { filepath }, admin).expect(200);
    expect(duplicates.text.split('\n')[1]).toBe(`35002,U7@x.com,${note},Duplicate email in the file`);
    await t.call(contactsImportContract, { filepath }, admin).expect(409);

    lines[30_000] = `fixed@x.com,${note}`;
    // The progress the status poll sees, as the import writes it between its batches.
    const imports = t.app.get(ContactImportsRepository);
    const update = jest.spyOn(imports, 'update');
    const fixed = await importFile(`email,Note\n${lines.join('\n')}\n`);
    expect(fixed.finished.result).toEqual({ new_records: 39_999, records_updated: 0 });
    const progress = update.mock.calls.flatMap(([, , patch]) =>
      patch.status ? [] : [patch.processed_rows!],
    );
    update.mockRestore();
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((rows, i) => i === 0 || rows > progress[i - 1]!)).toBe(true);
    expect(progress.at(-1)).toBe(40_000);
    expect(await t.sql('SELECT count(*)::int AS count FROM campaign.persons')).toEqual([{ count: 39_999 }]);
  });

  it('imports the first of duplicate emails and reports the others', async () => {
    const csv = 'email,first_name\ndup@x.com,One\nDUP@x.com,Two\nsolo@x.com,Solo\n';
    const filepath = await uploadedPath(t, admin, csv);
    const preview = (await t.call(contactFileMatchContract, { filepath }, admin).expect(200)).body;
    expect(preview).toMatchObject({
      status: 'DUPLICATE',
      message: 'Data contains duplicates',
      duplicate_contacts: 1,
      new_contacts: 2,
    });
    const report = await t.call(contactDuplicateReportContract, { filepath }, admin).expect(200);
    expect(report.text).toContain('3,DUP@x.com,Two,Duplicate email in the file');
    await t.call(contactsImportContract, { filepath }, admin).expect(200);
    await importFinished(t, admin, filepath);
    expect((await persons()).map((p) => [p.email, p.first_name])).toEqual([
      ['dup@x.com', 'One'],
      ['solo@x.com', 'Solo'],
    ]);
  });

  it('re-imports with update: fills empty fields, or overwrites, honouring blank cells', async () => {
    await importFile('email,first_name,title\nre@x.com,Ann,\n');

    const fill = await importFile('email,first_name,title\nRE@x.com,Zoe,CEO\n', { enable_update: true });
    expect(fill.preview).toMatchObject({ total_entries_to_be_updated: 1, new_contacts: 0 });
    expect(fill.finished.result).toEqual({ new_records: 0, records_updated: 1 });
    expect(await persons()).toEqual([
      expect.objectContaining({ email: 're@x.com', first_name: 'Ann', title: 'CEO' }),
    ]);

    await importFile('email,first_name,title\nre@x.com,Zoe,\n', {
      enable_update: true,
      overwrite_values: true,
      ignore_blank: true,
    });
    expect(await persons()).toEqual([expect.objectContaining({ first_name: 'Zoe', title: 'CEO' })]);

    await importFile('email,first_name,title\nre@x.com,Zoe,\n', {
      enable_update: true,
      overwrite_values: true,
    });
    expect(await persons()).toEqual([expect.objectContaining({ first_name: 'Zoe', title: null })]);
  });

  it('applies the same update rules to custom fields, with quotes and backslashes kept', async () => {
    await importFile('email,Plan,Note\ncf@x.com,pro,"say ""hi"" C:\\temp"\n');
    expect((await persons())[0]!.custom_fields).toEqual({ plan: 'pro', note: 'say "hi" C:\\temp' });

    await importFile('email,Plan,Note,Seats\ncf@x.com,free,,5\n', { enable_update: true });
    expect((await persons())[0]!.custom_fields).toEqual({
      plan: 'pro',
      note: 'say "hi" C:\\temp',
      seats: '5',
    });

    await importFile('email,Plan,Note\ncf@x.com,free,\n', {
      enable_update: true,
      overwrite_values: true,
      ignore_blank: true,
    });
    expect((await persons())[0]!.custom_fields).toEqual({
      plan: 'free',
      note: 'say "hi" C:\\temp',
      seats: '5',
    });

    await importFile('email,Plan,Note\ncf@x.com,team,\n', { enable_update: true, overwrite_values: true });
    expect((await persons())[0]!.custom_fields).toEqual({ plan: 'team', seats: '5' });
  });

  it('checks cells of typed custom fields and stores them typed', async () => {
    await t.sql(
      `INSERT INTO campaign.person_fields (organisation_id, name, display, type, length, read_only, updatable, required, hidden, custom, position)
       VALUES ($1, 'licences', 'Licences', 'integer', NULL, false, true, false, false, true, 900),
              ($1, 'enabled', 'Enabled', 'boolean', NULL, false, true, false, false, true, 901)`,
      [admin.organisation.id],
    );
    try {
      const filepath = await uploadedPath(
        t,
        admin,
        'email,Licences,Enabled\nok@x.com,12,true\nbad@x.com,twelve,true\nno@x.com,3,maybe\n',
      );
      const preview = (await t.call(contactFileMatchContract, { filepath }, admin).expect(200)).body;
      expect(preview).toMatchObject({ status: 'ERROR', error_contacts: 2, new_contacts: 1 });
      const report = await t.call(contactErrorReportContract, { filepath }, admin).expect(200);
      expect(report.text.split('\n').slice(1, 3)).toEqual([
        '3,bad@x.com,twelve,true,Licences must be a whole number',
        '4,no@x.com,3,maybe,Enabled must be true or false',
      ]);

      await importFile('email,Licences,Enabled\nok@x.com,12,TRUE\n');
      expect((await persons())[0]!.custom_fields).toEqual({ licences: 12, enabled: true });
    } finally {
      await t.sql(`DELETE FROM campaign.person_fields WHERE name IN ('licences', 'enabled')`);
    }
  });

  it('gives imported contacts time-ordered ids in file order', async () => {
    await importFile('email\nz@x.com\ny@x.com\nx@x.com\n');
    const rows = await t.sql<{ email: string; id: string }>(
      'SELECT email, id::text FROM campaign.persons ORDER BY id',
    );
    expect(rows.map((r) => r.email)).toEqual(['z@x.com', 'y@x.com', 'x@x.com']);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('re-imports unchanged rows without writing them, and still counts them as updated', async () => {
    await importFile('email,first_name,Shoe Size\nsame@x.com,Ann,42\nother@x.com,Bob,40\n');
    await t.sql(`UPDATE campaign.persons SET _updated_time = '2020-01-01'`);
    const again = await importFile('email,first_name,Shoe Size\nsame@x.com,Ann,42\nother@x.com,Rob,40\n', {
      enable_update: true,
      overwrite_values: true,
    });
    expect(again.finished.result).toEqual({ new_records: 0, records_updated: 2 });
    const rows = await t.sql<{ email: string; first_name: string; touched: boolean }>(
      `SELECT email, first_name, _updated_time > '2020-01-02' AS touched FROM campaign.persons ORDER BY email`,
    );
    expect(rows).toEqual([
      { email: 'other@x.com', first_name: 'Rob', touched: true },
      { email: 'same@x.com', first_name: 'Ann', touched: false },
    ]);
  });

  it('imports the rest when a contact with one of the emails was created after the check', async () => {
    const filepath = await uploadedPath(t, admin, 'email,first_name\nlate@x.com,File\nnew@x.com,New\n');
    const preview = (await t.call(contactFileMatchContract, { filepath }, admin).expect(200)).body;
    expect(preview).toMatchObject({ new_contacts: 2 });
    await t.sql(
      `INSERT INTO campaign.persons (organisation_id, email, first_name) VALUES ($1, 'LATE@x.com', 'Manual')`,
      [admin.organisation.id],
    );
    await t.call(contactsImportContract, { filepath }, admin).expect(200);
    expect((await importFinished(t, admin, filepath)).result).toEqual({ new_records: 1, records_updated: 0 });
    expect((await persons()).map((p) => [p.email, p.first_name])).toEqual([
      ['LATE@x.com', 'Manual'],
      ['new@x.com', 'New'],
    ]);
  });

  it('cleans up staging tables no import will use, keeping those of recent uploads', async () => {
    const cleanup = () =>
      t.app
        .get(ContactImportCleanupRunner)
        .handle({}, { logger: { info: () => undefined } } as unknown as JobContext);
    const staging = async () =>
      (
        await t.sql<{ tablename: string }>(
          `SELECT tablename FROM pg_tables WHERE schemaname = 'campaign' AND tablename LIKE 'import\\_%' ORDER BY 1`,
        )
      ).map((row) => row.tablename);
    // Earlier tests' imports are gone (truncated): their staging tables are orphans.
    await cleanup();
    expect(await staging()).toEqual([]);

    const kept = await uploadedPath(t, admin, 'email\nkept@x.com\n');
    await t.call(contactFileMatchContract, { filepath: kept }, admin).expect(200);
    const stale = await uploadedPath(t, admin, 'email\nstale@x.com\n');
    await t.call(contactFileMatchContract, { filepath: stale }, admin).expect(200);
    await t.sql(
      `UPDATE campaign.contact_imports SET updated_at = now() - interval '2 days' WHERE filepath = $1`,
      [stale],
    );
    await t.sql(`CREATE UNLOGGED TABLE campaign.import_${'0'.repeat(32)} (line integer)`);
    const [keptRow] = await t.sql<{ id: string }>(
      `SELECT id FROM campaign.contact_imports WHERE filepath = $1`,
      [kept],
    );
    expect(await staging()).toHaveLength(3);

    await cleanup();

    expect(await staging()).toEqual([`import_${keptRow!.id.replace(/-/g, '')}`]);
    await t.call(contactFileStatusContract, { filepath: stale }, admin).expect(404);
    await t.call(contactsImportContract, { filepath: kept }, admin).expect(200);
    expect((await importFinished(t, admin, kept)).result).toEqual({ new_records: 1, records_updated: 0 });
  });

  it('refuses an import with nothing to create when update is off', async () => {
    await importFile('email\nsame@x.com\n');
    const filepath = await uploadedPath(t, admin, 'email\nsame@x.com\n');
    await t.call(contactFileMatchContract, { filepath }, admin).expect(200);
    const response = await t.call(contactsImportContract, { filepath }, admin).expect(409);
    expect(response.body.code).toBe('NothingToImportException');
  });

  it.each([
    ['a non-csv name', 'email\na@x.com\n', 'contacts.txt', 'Only .csv files can be uploaded'],
    ['no email column', 'name\nAda\n', 'contacts.csv', 'The file must have a column named email'],
    ['an empty file', '', 'contacts.csv', 'The file is empty'],
    [
      '10,000 columns',
      `email,${Array.from({ length: 9999 }, (_, i) => `c${i}`).join(',')}\n`,
      'contacts.csv',
      'The file has 10000 columns; at most 500 are allowed',
    ],
    ['a repeated column', 'email,Email\n', 'contacts.csv', 'The column "Email" appears more than once'],
    [
      'Latin-1 bytes',
      Buffer.from('email,first_name\na@x.com,Jos\xe9\n', 'latin1'),
      'contacts.csv',
      'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again',
    ],
  ])('refuses an upload with %s', async (_case, content, filename, message) => {
    const response = await uploadCsv(t, admin, content, filename).expect(400);
    expect(response.body.description).toBe(message);
  });

  it.each([
    [
      'bytes that are not UTF-8 past the first read',
      Buffer.concat([
        Buffer.from(`email,first_name\n${'a@x.com,Ada\n'.repeat(20_000)}b@x.com,`),
        Buffer.from([0xe9, 0x0a]),
      ]),
      'The file is not UTF-8 text',
    ],
    ['an unbalanced quote', 'email,first_name\na@x.com,"Ada\nb@x.com,Bob\n', 'a quoted value is not closed'],
    ['a row with too many values', 'email,first_name\na@x.com,Ada,extra\n', 'the number of values differs'],
    ['a huge cell', `email,first_name\na@x.com,${'x'.repeat(200_000)}\n`, 'the row is larger than'],
  ])('refuses to match a file with %s and imports nothing', async (_case, content, message) => {
    const filepath = await uploadedPath(t, admin, content);
    const response = await t.call(contactFileMatchContract, { filepath }, admin).expect(400);
    expect(response.body).toMatchObject({ code: 'InvalidCsvException' });
    expect(response.body.description).toContain(message);
    const status = await t.call(contactFileStatusContract, { filepath }, admin).expect(200);
    expect(status.body).toMatchObject({ status: 'error', stage: 'failed' });
    await t.call(contactsImportContract, { filepath }, admin).expect(409);
    expect(await persons()).toEqual([]);
  });

  it('reports over-long values as row errors', async () => {
    const filepath = await uploadedPath(t, admin, `email,phone_number\na@x.com,${'1'.repeat(51)}\n`);
    const preview = (await t.call(contactFileMatchContract, { filepath }, admin).expect(200)).body;
    expect(preview).toMatchObject({ status: 'ERROR', error_contacts: 1 });
    const report = await t.call(contactErrorReportContract, { filepath }, admin).expect(200);
    expect(report.text).toContain('Phone must be at most 50 characters');
  });

  it('cancels an upload: the file is gone', async () => {
    const filepath = await uploadedPath(t, admin, 'email\nc@x.com\n');
    await t.call(contactFileMatchContract, { filepath }, admin).expect(200);
    await t.call(contactFileCancelContract, { filepath }, admin).expect(200);
    await t.call(contactFileStatusContract, { filepath }, admin).expect(404);
    await t.call(contactFileMatchContract, { filepath }, admin).expect(404);
  });
});
