import { DEFAULT_PERSON_FIELDS, type PersonField, type PersonFieldType } from '@meridian/contracts';
import { mapColumns } from './import-columns';
import { stagingRowTail, timeOrderedId } from './staging-row';

describe(stagingRowTail.name, () => {
  const columns = mapColumns(['email', 'first_name', 'Plan', 'Note "x"'], [...DEFAULT_PERSON_FIELDS]);
  const tail = stagingRowTail(columns);
  const parts = (record: string[]) => tail(record).split('\t');

  it('adds the custom cells as a JSON object, blank cells left out, and an id', () => {
    const [before, json, id] = parts(['a@x.co', 'Ada', ' pro ', '']);
    expect(before).toBe('');
    expect(JSON.parse(json!)).toEqual({ plan: 'pro' });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('escapes JSON specials, then doubles backslashes for COPY, and drops NUL', () => {
    const [, json] = parts(['a@x.co', 'Ada', 'say "hi"\\ok', 'a\tb\u0000c']);
    expect(json).not.toMatch(/\t|\n/);
    // COPY reads `\\` as one backslash: undo it to see the JSON Postgres receives.
    expect(JSON.parse(json!.replace(/\\\\/g, '\\'))).toEqual({ plan: 'say "hi"\\ok', note_x: 'a\tbc' });
  });

  it('gives an empty object without custom values', () => {
    expect(parts(['a@x.co', 'Ada', '', '   '])[1]).toBe('{}');
  });
});

describe(timeOrderedId.name, () => {
  it('makes ids that sort by the time they were made, strictly increasing', async () => {
    const first = timeOrderedId();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = timeOrderedId();
    expect(second > first).toBe(true);
    const many = Array.from({ length: 10_000 }, timeOrderedId);
    expect(many.every((id, i) => i === 0 || id > many[i - 1]!)).toBe(true);
    expect(many[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('typed custom fields', () => {
  const field = (name: string, type: PersonFieldType): PersonField => ({
    name,
    display: name,
    type,
    length: null,
    read_only: false,
    updatable: true,
    required: false,
    hidden: false,
    custom: true,
  });
  const columns = mapColumns(
    ['email', 'seats', 'score', 'active', 'renews'],
    [
      ...DEFAULT_PERSON_FIELDS,
      field('seats', 'integer'),
      field('score', 'float'),
      field('active', 'boolean'),
      field('renews', 'datetime'),
    ],
  );
  const json = (record: string[]) =>
    JSON.parse(stagingRowTail(columns)(record).split('\t')[1]!) as Record<string, unknown>;

  it('writes numbers and booleans as JSON values, dates as text', () => {
    expect(json(['a@x.co', '+007', '-1.5e2', 'TRUE', '2026-01-31'])).toEqual({
      seats: 7,
      score: -150,
      active: true,
      renews: '2026-01-31',
    });
  });

  it('keeps cells that do not fit their type as text (the row check refuses them)', () => {
    expect(json(['a@x.co', '7.5', 'abc', 'yes', 'soon'])).toEqual({
      seats: '7.5',
      score: 'abc',
      active: 'yes',
      renews: 'soon',
    });
  });
});
