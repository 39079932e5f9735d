import { INBOUND_EVENT_MAX_BYTES } from '@meridian/contracts';
import { type ExportedPerson, type ExportScope, exportValue, toExportBatches } from './crm-export-batches';

const scope: ExportScope = {
  organisation_id: '7d3c0a52-3f7e-4b0c-9d0e-2b8f4d1f6a11',
  connection_id: 'f0e1d2c3-b4a5-4968-8776-655443322110',
  reason: 'changed',
  campaign_id: null,
  run_id: null,
  action_id: null,
  request_id: null,
};

/** A person with `width` custom fields of `valueLength` characters each. */
function widePerson(i: number, width: number, valueLength: number): ExportedPerson {
  const values: ExportedPerson['values'] = { email: `p${i}@wide.test` };
  for (let f = 0; f < width; f++) values[`field_${f}`] = `${i}-${f}-`.padEnd(valueLength, 'é');
  return {
    person_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    email: `p${i}@wide.test`,
    time_updated: '2026-11-26T10:00:00.000Z',
    values,
  };
}

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe(toExportBatches.name, () => {
  it('splits wide rows into batches that each stay under the byte limit, keeping every person in order', () => {
    // About 40 KB of multi-byte text per person: 2,000 persons are many times the limit.
    const persons = Array.from({ length: 2000 }, (_, i) => widePerson(i, 20, 1000));
    const batches = toExportBatches(persons, scope, 'page-1');
    expect(batches.length).toBeGreaterThan(100);
    for (const batch of batches) {
      expect(size(batch)).toBeLessThan(INBOUND_EVENT_MAX_BYTES);
      expect(batch).toMatchObject(scope);
    }
    expect(batches.flatMap((b) => b.persons)).toEqual(persons);
    expect(batches.map((b) => b.batch_id)).toEqual(batches.map((_, i) => `page-1:${i}`));
    // Batches are filled, not cut early: every batch but the last would overflow with one more person.
    for (let i = 0; i < batches.length - 1; i++) {
      const next = batches[i + 1]!.persons[0]!;
      expect(size({ ...batches[i], persons: [...batches[i]!.persons, next] })).toBeGreaterThan(
        INBOUND_EVENT_MAX_BYTES - 300,
      );
    }
  });

  it('gives the same ids for the same persons from the same start', () => {
    const persons = Array.from({ length: 50 }, (_, i) => widePerson(i, 5, 3000));
    const first = toExportBatches(persons, scope, 'x', 100_000);
    const again = toExportBatches(persons, scope, 'x', 100_000);
    expect(again.map((b) => b.batch_id)).toEqual(first.map((b) => b.batch_id));
    expect(new Set(first.map((b) => b.batch_id)).size).toBe(first.length);
  });

  it('leaves out the longest values of a person too wide for any batch, never the email', () => {
    const huge = widePerson(1, 3, 10);
    huge.values.notes = 'n'.repeat(INBOUND_EVENT_MAX_BYTES);
    const dropped: [string, string[]][] = [];
    const batches = toExportBatches(
      [widePerson(0, 3, 10), huge],
      scope,
      'big',
      INBOUND_EVENT_MAX_BYTES,
      (id, f) => dropped.push([id, f]),
    );
    expect(dropped).toEqual([[huge.person_id, ['notes']]]);
    const sent = batches.flatMap((b) => b.persons);
    expect(sent).toHaveLength(2);
    const { notes: _notes, ...kept } = huge.values;
    expect(sent[1]!.values).toStrictEqual(kept);
    for (const batch of batches) expect(size(batch)).toBeLessThan(INBOUND_EVENT_MAX_BYTES);
  });

  it('answers no batch for no persons', () => {
    expect(toExportBatches([], scope, 'none')).toEqual([]);
  });
});

describe(exportValue.name, () => {
  it('keeps scalars and writes structured values as JSON text', () => {
    expect([exportValue('a'), exportValue(2.5), exportValue(false), exportValue(undefined)]).toEqual([
      'a',
      2.5,
      false,
      null,
    ]);
    expect(exportValue(Number.NaN)).toBeNull();
    expect(exportValue({ a: [1] })).toBe('{"a":[1]}');
    expect(exportValue(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });
});
