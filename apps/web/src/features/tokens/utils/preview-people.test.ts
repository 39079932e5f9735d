import { describe, expect, it } from 'vitest';
import type { PersonSelection } from '@/components/person-lookup';
import { previewContext, previewPeople } from './preview-people';

const selection = (id: string, context: 'person' | 'org' = 'person'): PersonSelection => ({
  person: {
    id,
    email: `${id}@acme.com`,
    first_name: null,
    last_name: null,
    org_id: null,
    product_user_id: null,
    campaign_context: 'person',
  },
  campaign_context: context,
  ref: { id, email: `${id}@acme.com`, org_id: null, product_user_id: null },
});

describe('previewPeople', () => {
  it('waits until every person is found', () => {
    expect(
      previewPeople([
        { key: 1, selection: selection('a') },
        { key: 2, selection: null },
      ]),
    ).toBeNull();
    expect(previewPeople([])).toBeNull();
  });

  it('gives the selections in order once all are found', () => {
    const people = [
      { key: 1, selection: selection('a') },
      { key: 2, selection: selection('b') },
    ];
    expect(previewPeople(people)?.map((s) => s.ref.id)).toEqual(['a', 'b']);
  });
});

describe('previewContext', () => {
  it('is org only when every person is an org user', () => {
    expect(previewContext([selection('a', 'org'), selection('b', 'org')])).toBe('org');
    expect(previewContext([selection('a', 'org'), selection('b')])).toBe('person');
  });
});
