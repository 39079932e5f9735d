import { audienceQueryErrors, type AudienceQuery } from '@meridian/contracts';
import fc from 'fast-check';
import { compileAudience, compilePersonLeaves } from '../src/modules/campaigns/audience/audience-compiler';
import { fields, item, personLeaf, query, valueTexts } from './support/audience-arbitraries';
import { type Fixture, matches } from './support/audience-evaluator';
import { NOW, seedAudienceFixture } from './support/audience-fixture';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const ORG = '0a000000-0000-4000-8000-00000000000a';
const OTHER = '0b000000-0000-4000-8000-00000000000b';

describe('audience compiler against an in-memory evaluator', () => {
  let t: CampaignTestApp;
  let fixture: Fixture;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    fixture = await seedAudienceFixture(t, ORG);
    // The same people in another organisation: none of them may ever be selected.
    await t.sql(
      `INSERT INTO campaign.persons (organisation_id, email, first_name, last_name, company_name, org_id, custom_fields)
       SELECT $2, email, first_name, last_name, company_name, org_id, custom_fields FROM campaign.persons WHERE organisation_id = $1`,
      [ORG, OTHER],
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('selects exactly the people the evaluator does, with every value bound as a parameter', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        expect(audienceQueryErrors(q)).toEqual({});
        const compiled = compileAudience(q, { organisationId: ORG, context: 'person', now: NOW, fields });
        for (const text of valueTexts(q)) expect(compiled.text).not.toContain(text);
        const rows = await t.sql<{ person_id: string }>(compiled.text, compiled.values);
        const expected = fixture.persons.filter((p) => matches(q, p, fixture)).map((p) => p.id);
        expect(rows.map((r) => r.person_id).sort()).toEqual(expected.sort());
      }),
      { numRuns: 100, seed: 4242 },
    );
  });

  it('reads each filter alone as the evaluator does', async () => {
    const single = item.map(
      (entry) =>
        ({
          conditions: [
            { type: 'group', name: 'One', connector: '', children: [{ ...entry, connector: '' }] },
          ],
        }) as AudienceQuery,
    );
    await fc.assert(
      fc.asyncProperty(single, async (q) => {
        const compiled = compileAudience(q, { organisationId: ORG, context: 'person', now: NOW, fields });
        const rows = await t.sql<{ person_id: string }>(compiled.text, compiled.values);
        const expected = fixture.persons.filter((p) => matches(q, p, fixture)).map((p) => p.id);
        expect(rows.map((r) => r.person_id).sort()).toEqual(expected.sort());
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('compiles person leaves for a batch of people as the evaluator reads them, ANDed', async () => {
    const batch = fixture.persons.slice(0, 10).map((p) => p.id);
    await fc.assert(
      fc.asyncProperty(fc.array(personLeaf, { minLength: 1, maxLength: 3 }), async (leaves) => {
        const compiled = compilePersonLeaves(leaves, batch, { organisationId: ORG, now: NOW, fields });
        const rows = await t.sql<{ person_id: string }>(compiled.text, compiled.values);
        const q = {
          conditions: [
            {
              type: 'group',
              name: '',
              connector: '',
              children: leaves.map((l) => ({ ...l, connector: 'and' })),
            },
          ],
        } as AudienceQuery;
        const expected = fixture.persons
          .filter((p) => batch.includes(p.id) && matches(q, p, fixture))
          .map((p) => p.id);
        expect(rows.map((r) => r.person_id).sort()).toEqual(expected.sort());
      }),
      { numRuns: 40, seed: 99 },
    );
  });
});
