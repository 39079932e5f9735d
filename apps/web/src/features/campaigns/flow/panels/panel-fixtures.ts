/** Test data: an organisation's person fields (as columns.list gives them) and tokens of every type. */
const column = (name: string, display: string, type: string, custom = false) => ({
  name,
  display,
  type,
  custom,
  variable: `person.${name}`,
});
export const personColumns = [
  column('email', 'Email', 'string'),
  column('first_name', 'First Name', 'string'),
  column('org_id', 'Org ID', 'string'),
  column('score', 'Score', 'integer', true),
  column('revenue', 'Revenue', 'float', true),
  column('vip', 'VIP', 'boolean', true),
  column('renewal', 'Renewal', 'datetime', true),
];
const token = (name: string, return_type: string) => ({
  token_id: crypto.randomUUID(),
  name,
  token: '{{ 1 }}',
  description: name,
  default_value: '',
  return_type,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  created_by: { id: null, name: null },
});
export const tokenRecords = [
  token('plan', 'string'),
  token('seats', 'number'),
  token('trial_end', 'datetime'),
  token('paying', 'boolean'),
  token('tags', 'array'),
  token('profile', 'hashmap'),
];
