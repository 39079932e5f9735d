import type { AudienceQuery } from '@meridian/contracts';
import { compileAudience } from './audience-compiler';
import { AudienceQueryError } from './audience-values';

const ORG = '0a000000-0000-4000-8000-00000000000a';
const options = {
  organisationId: ORG,
  context: 'person' as const,
  now: new Date('2026-06-15T12:00:00Z'),
  fields: [
    { name: 'first_name', type: 'string' as const, custom: false },
    { name: 'plan', type: 'string' as const, custom: true },
  ],
};
const leaf = (filter: string, operator: string, value: unknown[], connector = '') => ({
  type: 'filter' as const,
  filter_type: 'person' as const,
  filter,
  operator,
  value: value as string[],
  connector: connector as '',
});
const one = (...children: ReturnType<typeof leaf>[]): AudienceQuery => ({
  conditions: [{ type: 'group', name: 'G', connector: '', children }],
});

describe('compileAudience', () => {
  it('binds the organisation first and every compared value as a parameter', () => {
    const { text, values } = compileAudience(
      one(
        leaf('first_name', 'in', ["O'Brien; DROP TABLE x", 'Ann']),
        leaf('plan', 'equals', ['gold'], 'and'),
      ),
      options,
    );
    expect(values[0]).toBe(ORG);
    expect(text).toMatch(
      /^SELECT p\.id AS person_id FROM campaign\.persons p WHERE p\.organisation_id = \$1::uuid AND/,
    );
    expect(text).toContain('= ANY($2::text[])');
    expect(values).toContainEqual(["o'brien; drop table x", 'ann']);
    expect(values).toContain('plan');
    for (const value of ['Brien', 'DROP', 'gold', 'plan']) expect(text).not.toContain(value);
  });

  it('binds AND tighter than OR', () => {
    const { text } = compileAudience(
      one(
        leaf('first_name', 'equals', ['a']),
        leaf('first_name', 'equals', ['b'], 'or'),
        leaf('plan', 'equals', ['c'], 'and'),
      ),
      options,
    );
    expect(text).toContain(
      '((lower(p.first_name) = $2::text) OR ((lower(p.first_name) = $3::text) AND (lower((p.custom_fields ->> $4::text)) = $5::text)))',
    );
  });

  it('refuses a field the organisation does not have and an operator its type lacks, by path', () => {
    const unknown = () =>
      compileAudience(
        one(leaf('first_name', 'equals', ['a']), leaf('secret', 'equals', ['a'], 'and')),
        options,
      );
    expect(unknown).toThrow(AudienceQueryError);
    try {
      unknown();
    } catch (error) {
      expect((error as AudienceQueryError).errors).toEqual({ '0.children.1': 'Invalid values' });
    }
    expect(() => compileAudience(one(leaf('first_name', 'greater_than', ['1'])), options)).toThrow(
      AudienceQueryError,
    );
    expect(() => compileAudience({ conditions: [] }, options)).toThrow(AudienceQueryError);
  });
});
