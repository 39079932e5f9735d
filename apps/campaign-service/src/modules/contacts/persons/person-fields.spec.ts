import { DEFAULT_PERSON_FIELDS, type PersonField } from '@meridian/contracts';
import { planUpdate } from './person-fields';

const custom: PersonField = {
  name: 'score',
  display: 'Score',
  type: 'integer',
  length: null,
  read_only: false,
  updatable: true,
  required: false,
  hidden: false,
  custom: true,
};
const locked: PersonField = {
  ...custom,
  name: 'plan',
  display: 'Plan',
  type: 'string',
  length: 10,
  read_only: true,
  updatable: false,
};
const lockedButUpdatable: PersonField = { ...locked, name: 'tier', display: 'Tier', updatable: true };
const definitions = [...DEFAULT_PERSON_FIELDS, custom, locked, lockedButUpdatable];
const current = { defaults: { email: 'a@b.co', org_id: 'acme' }, custom: { plan: 'gold' } };

describe(planUpdate.name, () => {
  it('returns the changed default and custom values', () => {
    const { patch, errors } = planUpdate(definitions, current, {
      default_fields: { first_name: ' Ada ', email: 'a@b.co' },
      custom_fields: { score: 3 },
    });
    expect(errors).toEqual({});
    expect(patch).toEqual({ defaults: { first_name: 'Ada' }, custom: { score: 3 } });
  });

  it('refuses read-only fields unless updatable, but accepts them unchanged', () => {
    const { errors, patch } = planUpdate(definitions, current, {
      default_fields: { org_id: 'acme' },
      custom_fields: { plan: 'silver', tier: 'x' },
    });
    expect(errors).toEqual({ 'custom_fields.plan': ['Plan is read-only'] });
    expect(patch.custom).toEqual({ tier: 'x' });
  });

  it('checks types, lengths, required fields and unknown names', () => {
    const { errors } = planUpdate(definitions, current, {
      default_fields: { email: '', nickname: 'x', first_name: 'x'.repeat(256) },
      custom_fields: { score: 1.5, first_name: 'x' },
    });
    expect(errors).toEqual({
      'default_fields.email': ['Email is required'],
      'default_fields.nickname': ['Unknown field'],
      'default_fields.first_name': ['First Name must be at most 255 characters'],
      'custom_fields.score': ['Score must be a whole number'],
      'custom_fields.first_name': ['Unknown field'],
    });
  });

  it('refuses an invalid email', () => {
    const { errors } = planUpdate(definitions, current, {
      default_fields: { email: 'nope' },
      custom_fields: {},
    });
    expect(errors).toEqual({ 'default_fields.email': ['Valid email is required'] });
  });
});
