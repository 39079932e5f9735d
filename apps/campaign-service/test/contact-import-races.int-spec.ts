import {
  contactFileCancelContract,
  contactFileMatchContract,
  contactFileStatusContract,
  contactsImportContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { importFinished, uploadedPath } from './support/csv-upload';

/** Two tabs or a double click on one file: checks, imports and cancels that meet. */
describe('ContactImportService at the same moment', () => {
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

  const csv = (rows: number, prefix = 'p') =>
    `email,first_name\n${Array.from({ length: rows }, (_, i) => `${prefix}${i}@x.com,N${i}`).join('\n')}\n`;

  const personCount = async () =>
    Number((await t.sql<{ n: string }>('SELECT count(*) AS n FROM campaign.persons'))[0]!.n);

  it('checks one file three times at once: each answers the same preview, no error', async () => {
    const filepath = await uploadedPath(t, admin, csv(20_000));
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.call(contactFileMatchContract, { filepath }, admin)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of answers)
      expect(answer.body).toMatchObject({
        total_contacts: 20_000,
        new_contacts: 20_000,
        duplicate_contacts: 0,
      });
    await t.call(contactsImportContract, { filepath }, admin).expect(200);
    expect(await importFinished(t, admin, filepath)).toMatchObject({
      stage: 'imported',
      result: { new_records: 20_000 },
    });
    expect(await personCount()).toBe(20_000);
  });

  it('a cancel and an import that meet: one of them wins, never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      await t.sql('TRUNCATE campaign.persons, campaign.contact_imports CASCADE');
      const filepath = await uploadedPath(t, admin, csv(2_000, `r${round}-`));
      await t.call(contactFileMatchContract, { filepath }, admin).expect(200);
      const [cancelled, imported] = await Promise.all([
        t.call(contactFileCancelContract, { filepath }, admin),
        t.call(contactsImportContract, { filepath }, admin),
      ]);
      expect([cancelled.status, imported.status].sort()).not.toEqual([200, 200]);
      expect(cancelled.status).toBeLessThan(500);
      expect(imported.status).toBeLessThan(500);
      if (cancelled.status === 200) {
        // Cancelled: nothing of the file stays, and nothing is imported.
        await t.call(contactFileStatusContract, { filepath }, admin).expect(404);
        expect(await personCount()).toBe(0);
      } else {
        expect(await importFinished(t, admin, filepath)).toMatchObject({ stage: 'imported' });
        expect(await personCount()).toBe(2_000);
      }
    }
  });

  it('a check that meets an import leaves the import running, not checked again', async () => {
    for (let round = 0; round < 4; round += 1) {
      await t.sql('TRUNCATE campaign.persons, campaign.contact_imports CASCADE');
      const filepath = await uploadedPath(t, admin, csv(5_000, `m${round}-`));
      await t.call(contactFileMatchContract, { filepath }, admin).expect(200);
      const [checked, imported] = await Promise.all([
        t.call(contactFileMatchContract, { filepath }, admin),
        t.call(contactsImportContract, { filepath }, admin),
      ]);
      expect(checked.status).toBeLessThan(500);
      expect(imported.status).toBe(200);
      expect(await importFinished(t, admin, filepath)).toMatchObject({
        stage: 'imported',
        result: { new_records: 5_000 },
      });
      expect(await personCount()).toBe(5_000);
    }
  });
});
