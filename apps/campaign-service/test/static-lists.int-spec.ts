import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  personCreateContract,
  staticListContactsListContract,
  staticListContactsRemoveAllContract,
  staticListContactsRemoveContract,
  staticListCreateContract,
  staticListDeleteContract,
  staticListFileInsertContract,
  staticListFileStatusContract,
  staticListFileUploadContract,
  staticListGetContract,
  staticListMatchContract,
  staticListRenameContract,
  staticListsAllContract,
  staticListsListContract,
  staticListTemplateDownloadContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

describe('StaticListsController', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    for (const email of ['ann@x.com', 'bob@x.com', 'cat@x.com']) {
      await t.call(personCreateContract, { email }, admin).expect(200);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE campaign.static_lists CASCADE');
  });

  async function newList(name: string): Promise<string> {
    return (await t.call(staticListCreateContract, { name }, admin).expect(200)).body.static_list
      .static_list_id as string;
  }

  function uploadTo(listId: string, csv: string, filename = 'list.csv') {
    return t
      .http()
      .post(staticListFileUploadContract.fullPath)
      .set('Authorization', `Bearer ${admin.bearer}`)
      .field('static_list_id', listId)
      .attach('file', Buffer.from(csv), filename);
  }

  /** The static list files kept for the organisation (an added file is removed once inserted). */
  async function storedUploads(): Promise<string[]> {
    const folder = join(t.uploadDir, admin.organisation.id);
    const names = await readdir(folder).catch(() => [] as string[]);
    return names.filter((name) => name.startsWith('static-list-')).sort();
  }

  async function addFromCsv(listId: string, csv: string) {
    const { filepath } = (await uploadTo(listId, csv).expect(200)).body as { filepath: string };
    const status = await t
      .call(staticListFileStatusContract, { static_list_id: listId, filepath }, admin)
      .expect(200);
    expect(status.body).toEqual({ status: 'completed', error: null, filepath });
    const match = (
      await t.call(staticListMatchContract, { static_list_id: listId, filepath }, admin).expect(200)
    ).body;
    const insert = await t
      .call(staticListFileInsertContract, { static_list_id: listId, filename: filepath }, admin)
      .expect(200);
    return { match, copied: insert.body.copied_rowcount as number };
  }

  it('creates, renames, searches, gets and deletes lists', async () => {
    const id = await newList('Customers');
    await newList('Prospects');
    const renamed = await t
      .call(staticListRenameContract, { static_list_id: id, name: 'VIP customers' }, admin)
      .expect(200);
    expect(renamed.body.static_list).toMatchObject({ name: 'VIP customers', num_records: 0 });

    const found = await t.call(staticListsListContract, { search_keyword: 'vip' }, admin).expect(200);
    expect(found.body).toMatchObject({ total_count: 1, page_count: 1 });
    expect(found.body.records[0].static_list_id).toBe(id);

    const all = await t.call(staticListsAllContract, {}, admin).expect(200);
    expect(all.body.records).toHaveLength(2);

    await t.call(staticListDeleteContract, { static_list_id: id }, admin).expect(200);
    await t.call(staticListGetContract, { static_list_id: id }, admin).expect(404);
  });

  it('refuses a blank name', async () => {
    const response = await t.call(staticListCreateContract, { name: '  ' }, admin).expect(400);
    expect(response.body.description).toBe('Name is required');
  });

  it('adds contacts from a CSV, matching emails case-insensitively', async () => {
    const id = await newList('From CSV');
    const { match, copied } = await addFromCsv(
      id,
      'Email,name\nANN@x.com,a\nbob@x.com,b\nbob@x.com,b\nnobody@x.com,n\n',
    );
    expect(match).toEqual({
      matched_contacts: 2,
      total_count: 3,
      message: '2 of 3 matched to your contact database',
    });
    expect(copied).toBe(2);

    const again = await addFromCsv(id, 'email\nann@x.com\ncat@x.com\n');
    expect(again.copied).toBe(1);
    const list = await t.call(staticListGetContract, { static_list_id: id }, admin).expect(200);
    expect(list.body.static_list.num_records).toBe(3);
  });

  it('lists members with search, date range and paging, then removes some and all', async () => {
    const id = await newList('Members');
    await addFromCsv(id, 'email\nann@x.com\nbob@x.com\ncat@x.com\n');

    const page = await t
      .call(staticListContactsListContract, { static_list_id: id, page_size: 2 }, admin)
      .expect(200);
    expect(page.body).toMatchObject({ total_count: 3, page_count: 2 });
    const search = await t.call(
      staticListContactsListContract,
      { static_list_id: id, search_keyword: 'BOB' },
      admin,
    );
    expect(search.body.records.map((r: { email: string }) => r.email)).toEqual(['bob@x.com']);
    const past = await t
      .call(
        staticListContactsListContract,
        { static_list_id: id, start_date: '2000-01-01', end_date: '2000-12-31' },
        admin,
      )
      .expect(200);
    expect(past.body.total_count).toBe(0);
    const reversed = await t
      .call(
        staticListContactsListContract,
        { static_list_id: id, start_date: '2000-12-31', end_date: '2000-01-01' },
        admin,
      )
      .expect(400);
    expect(reversed.body.fields).toEqual({ end_date: ['End date must be after start date'] });

    const removed = await t
      .call(staticListContactsRemoveContract, { static_list_id: id, emails: ['ANN@x.com'] }, admin)
      .expect(200);
    expect(removed.body).toEqual({ deleted_rowcount: 1 });
    const cleared = await t
      .call(staticListContactsRemoveAllContract, { static_list_id: id }, admin)
      .expect(200);
    expect(cleared.body).toEqual({ deleted_rowcount: 2 });
    // Contacts stay in the contact database.
    expect(await t.sql(`SELECT 1 FROM campaign.persons`)).toHaveLength(3);
  });

  it('refuses uploads without an email column, non-CSV files and unknown lists', async () => {
    const id = await newList('Uploads');
    expect((await uploadTo(id, 'name\nann\n').expect(400)).body.description).toBe(
      'The file must have a column named email',
    );
    expect((await uploadTo(id, 'email\n', 'list.xlsx').expect(400)).body.description).toBe(
      'Only .csv files can be uploaded',
    );
    await uploadTo('00000000-0000-4000-8000-000000000000', 'email\nann@x.com\n').expect(404);
    let crowded = t
      .http()
      .post(staticListFileUploadContract.fullPath)
      .set('Authorization', `Bearer ${admin.bearer}`)
      .field('static_list_id', id);
    for (let i = 0; i < 10; i++) crowded = crowded.field(`extra_${i}`, 'x');
    const refused = await crowded.attach('file', Buffer.from('email\nann@x.com\n'), 'list.csv').expect(400);
    expect(refused.body.description).toBe('Send at most 10 form fields with the file');
  });

  it('answers an upload without a well-formed static_list_id with a field error, as the JSON calls do', async () => {
    const before = await storedUploads();
    const missing = await t
      .http()
      .post(staticListFileUploadContract.fullPath)
      .set('Authorization', `Bearer ${admin.bearer}`)
      .attach('file', Buffer.from('email\nann@x.com\n'), 'list.csv')
      .expect(400);
    expect(missing.body).toMatchObject({
      code: 'ValidationException',
      description: 'Invalid static list id',
      fields: { static_list_id: ['Invalid static list id'] },
    });
    const malformed = await uploadTo('not-a-uuid', 'email\nann@x.com\n').expect(400);
    expect(malformed.body.fields).toEqual({ static_list_id: ['Invalid static list id'] });
    expect(await storedUploads()).toEqual(before);
  });

  it('takes the static_list_id after the file as well as before it', async () => {
    const id = await newList('Any order');
    const before = await storedUploads();
    const fileFirst = () =>
      t
        .http()
        .post(staticListFileUploadContract.fullPath)
        .set('Authorization', `Bearer ${admin.bearer}`)
        .attach('file', Buffer.from('email\nann@x.com\nbob@x.com\n'), 'list.csv');
    const { filepath } = (await fileFirst().field('static_list_id', id).expect(200)).body as {
      filepath: string;
    };
    const insert = await t
      .call(staticListFileInsertContract, { static_list_id: id, filename: filepath }, admin)
      .expect(200);
    expect(insert.body.copied_rowcount).toBe(2);

    // Another organisation's (or no) list named after the file: refused, and nothing is kept.
    await fileFirst().field('static_list_id', '00000000-0000-4000-8000-000000000000').expect(404);
    expect(await storedUploads()).toEqual(before);
  });

  it('leaves a list unchanged when the file to add is not found', async () => {
    const id = await newList('Untouched');
    const before = await t.sql<{ updated_at: Date }>(
      `SELECT updated_at FROM campaign.static_lists WHERE id = $1`,
      [id],
    );
    await t
      .call(staticListFileInsertContract, { static_list_id: id, filename: 'no-such-file.csv' }, admin)
      .expect(404);
    const after = await t.sql<{ updated_at: Date }>(
      `SELECT updated_at FROM campaign.static_lists WHERE id = $1`,
      [id],
    );
    expect(after[0]!.updated_at.getTime()).toBe(before[0]!.updated_at.getTime());
  });

  it('reports a broken file at match with its reason', async () => {
    const id = await newList('Broken');
    const { filepath } = (await uploadTo(id, 'email\n"ann@x.com\n').expect(200)).body as { filepath: string };
    const response = await t
      .call(staticListMatchContract, { static_list_id: id, filepath }, admin)
      .expect(400);
    expect(response.body.description).toContain('a quoted value is not closed');
  });

  it('a list removed while a file is being added to it: the add answers not found, never a 500', async () => {
    const other = await t.platform.newOrganisation();
    await t.sql(
      `INSERT INTO campaign.persons (organisation_id, email)
       SELECT $1, 'bulk' || i || '@y.com' FROM generate_series(1, 30000) AS i`,
      [other.organisation.id],
    );
    const csv = `email\n${Array.from({ length: 30_000 }, (_, i) => `bulk${i + 1}@y.com`).join('\n')}\n`;
    for (const wait of [0, 20, 60, 150, 300]) {
      const id = (await t.call(staticListCreateContract, { name: `Doomed ${wait}` }, other).expect(200)).body
        .static_list.static_list_id as string;
      const uploaded = await t
        .http()
        .post(staticListFileUploadContract.fullPath)
        .set('Authorization', `Bearer ${other.bearer}`)
        .field('static_list_id', id)
        .attach('file', Buffer.from(csv), 'list.csv')
        .expect(200);
      const filepath = (uploaded.body as { filepath: string }).filepath;
      const [added] = await Promise.all([
        t.call(staticListFileInsertContract, { static_list_id: id, filename: filepath }, other),
        new Promise((resolve) => setTimeout(resolve, wait)).then(() =>
          t.call(staticListDeleteContract, { static_list_id: id }, other).expect(200),
        ),
      ]);
      expect([200, 404]).toContain(added.status);
      const left = await t.sql(`SELECT 1 FROM campaign.static_list_members WHERE static_list_id = $1`, [id]);
      expect(left).toEqual([]);
    }
  });

  it('serves the template', async () => {
    const response = await t.call(staticListTemplateDownloadContract, {}, admin).expect(200);
    expect(response.text.trim()).toBe('email');
  });
});
