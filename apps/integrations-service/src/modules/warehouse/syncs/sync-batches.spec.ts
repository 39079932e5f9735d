import { INBOUND_EVENT_MAX_BYTES } from '@meridian/contracts';
import { fieldValue, toSyncedBatches } from './sync-batches';

const context = { organisationId: 'o', connectionId: 'c', runId: 'r', tableId: 't', firstSequence: 4 };
const columns = [
  { column_name: 'id', destination_column_name: 'customer_id', primary_key: true },
  { column_name: 'mail', destination_column_name: 'email', primary_key: false },
  { column_name: 'name', destination_column_name: 'first_name', primary_key: false },
  { column_name: 'seats', destination_column_name: 'seats', primary_key: false },
  { column_name: 'since', destination_column_name: 'since', primary_key: false },
];

describe('toSyncedBatches', () => {
  it('keys rows by email, maps columns to fields and announces custom fields with their types', () => {
    const [batch] = toSyncedBatches(
      [{ id: '7', mail: ' a@x.io ', name: 'Ada', seats: 3, since: new Date('2026-01-02T03:04:05Z') }],
      columns,
      context,
    );
    expect(batch).toMatchObject({
      organisation_id: 'o',
      source: 'warehouse',
      connection_id: 'c',
      sync_run_id: 'r',
      batch_id: 'r:t:4',
      rows: [
        {
          email: 'a@x.io',
          values: { customer_id: '7', first_name: 'Ada', seats: 3, since: '2026-01-02T03:04:05.000Z' },
        },
      ],
      new_fields: [
        { name: 'customer_id', display: 'id', type: 'string' },
        { name: 'seats', display: 'seats', type: 'integer' },
        { name: 'since', display: 'since', type: 'datetime' },
      ],
    });
  });

  it('splits rows into events under the transport limit, numbering the batches', () => {
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      id: String(i),
      mail: `p${i}@x.io`,
      name: 'n'.repeat(400),
    }));
    const batches = toSyncedBatches(rows, columns, context);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches)
      expect(Buffer.byteLength(JSON.stringify(batch))).toBeLessThan(INBOUND_EVENT_MAX_BYTES);
    expect(batches.flatMap((b) => b.rows)).toHaveLength(4000);
    expect(batches.map((b) => b.batch_id)).toEqual(batches.map((_, i) => `r:t:${4 + i}`));
    expect(toSyncedBatches([], columns, context)).toEqual([]);
  });

  it('writes warehouse values as field values', () => {
    expect(fieldValue(10n)).toBe('10');
    expect(fieldValue(Number.NaN)).toBeNull();
    expect(fieldValue({ a: 1 })).toBe('{"a":1}');
    expect(fieldValue(undefined)).toBeNull();
    // What Postgres cannot store: a NUL is dropped, half a surrogate pair becomes U+FFFD.
    expect(fieldValue('Ac\u0000me')).toBe('Acme');
    expect(fieldValue('x\ud800y\u{1F600}')).toBe('x\uFFFDy\u{1F600}');
  });
});
