import { insertSql, type StagedBatch, updateSql } from './persons-bulk.sql';

const batch: StagedBatch = {
  table: 'campaign.import_00000000000000000000000000000001',
  defaults: { email: 'c.c0', first_name: 'c.c1' },
  customFields: ["shoe's_size"],
  rows: 'c.problem IS NULL',
};

describe('persons bulk SQL', () => {
  it('inserts without a conflict check first, and with one on the retry', () => {
    expect(insertSql(batch, false, { pages: [0, 10] })).not.toContain('ON CONFLICT');
    expect(insertSql(batch, false, { pages: [0, 10] })).toContain(
      "c.ctid >= '(0,0)'::tid AND c.ctid < '(10,0)'::tid",
    );
    expect(insertSql(batch, true, 'all')).toContain('ON CONFLICT (organisation_id, lower(email)) DO NOTHING');
    expect(insertSql(batch, true, 'all')).toContain(
      'INSERT INTO campaign.persons (id, organisation_id, email, first_name, custom_fields)',
    );
  });

  it('updates only contacts whose values change, by the chosen rule', () => {
    const fill = updateSql(batch, { enableUpdate: true, overwriteValues: false, ignoreBlank: false });
    expect(fill).toContain('first_name = COALESCE(p.first_name, c.c1)');
    expect(fill).toContain('custom_fields = c.custom || p.custom_fields');
    expect(fill).toContain('IS DISTINCT FROM');
    const overwrite = updateSql(batch, { enableUpdate: true, overwriteValues: true, ignoreBlank: false });
    expect(overwrite).toContain('first_name = c.c1');
    expect(overwrite).toContain("(p.custom_fields - ARRAY['shoe''s_size']::text[])");
    const keep = updateSql(batch, { enableUpdate: true, overwriteValues: true, ignoreBlank: true });
    expect(keep).toContain('first_name = COALESCE(c.c1, p.first_name)');
    expect(keep).toContain('custom_fields = p.custom_fields || c.custom');
  });

  it("finds a small batch's contacts through the email index, a large one's by joining", () => {
    const options = { enableUpdate: true, overwriteValues: true, ignoreBlank: false };
    const keyed = `lower(p.email) = ANY (ARRAY(SELECT c.key FROM ${batch.table} c WHERE c.problem IS NULL))`;
    expect(updateSql({ ...batch, small: true }, options)).toContain(keyed);
    expect(updateSql(batch, options)).not.toContain('ANY (ARRAY(');
    const probe =
      '(SELECT 1 FROM campaign.persons p WHERE p.organisation_id = $1 AND lower(p.email) = c.key LIMIT 1) IS NULL';
    expect(insertSql({ ...batch, small: true }, false, 'all')).toContain(probe);
    expect(insertSql(batch, false, 'all')).toContain('AND NOT EXISTS (SELECT 1 FROM campaign.persons p');
    expect(insertSql(batch, false, 'all')).not.toContain(probe);
  });

  it('refuses a batch without an email, with a field people cannot fill, or with a column that is not a plain reference', () => {
    const options = { enableUpdate: true, overwriteValues: true, ignoreBlank: false };
    expect(() => updateSql({ ...batch, defaults: { first_name: 'c.c1' } }, options)).toThrow(
      'needs its email column',
    );
    expect(() =>
      insertSql({ ...batch, defaults: { ...batch.defaults, org_id: 'c.c2' } }, false, 'all'),
    ).toThrow('org_id');
    expect(() =>
      insertSql({ ...batch, defaults: { ...batch.defaults, title: 'c.c2; DROP TABLE x' } }, false, 'all'),
    ).toThrow('title');
  });
});
