import { INBOUND_EVENT_MAX_BYTES } from '@meridian/contracts';
import { newFieldsOf, objectOfBatch, toPullBatches } from './salesforce-pull-batches';

const context = {
  organisationId: 'o',
  connectionId: 'c',
  runId: 'r',
  object: 'lead' as const,
  pageKey: 'a-b',
};

describe('pulled batches', () => {
  it('splits rows under the event size, with ids stable per page and the object readable back', () => {
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      email: `p${i}@example.com`,
      values: { title: 'x'.repeat(200) },
    }));
    const batches = toPullBatches(rows, [], context);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches)
      expect(Buffer.byteLength(JSON.stringify(batch))).toBeLessThan(INBOUND_EVENT_MAX_BYTES);
    expect(batches.flatMap((b) => b.rows)).toHaveLength(4000);
    expect(batches.map((b) => b.batch_id).slice(0, 2)).toEqual(['r:lead:a-b:0', 'r:lead:a-b:1']);
    expect(objectOfBatch(batches[0]!.batch_id)).toBe('lead');
    expect(batches[0]).toMatchObject({
      source: 'salesforce',
      options: { enable_update: true, overwrite_values: true, ignore_blank: true },
    });
    expect(toPullBatches([], [], context)).toEqual([]);
  });

  it('announces custom person fields with their type, never default ones', () => {
    expect(
      newFieldsOf([
        { personField: 'title', lead: 'Title', contact: null, preference: 'two_way', destination: {} },
        {
          personField: 'rating',
          lead: 'Rating',
          contact: null,
          preference: 'two_way',
          destination: { display: 'Rating', type: 'integer', custom: true },
        },
        {
          personField: 'odd',
          lead: 'X',
          contact: null,
          preference: 'two_way',
          destination: { type: 'picklist' },
        },
      ]),
    ).toEqual([
      { name: 'rating', display: 'Rating', type: 'integer' },
      { name: 'odd', display: 'odd', type: 'string' },
    ]);
  });
});
