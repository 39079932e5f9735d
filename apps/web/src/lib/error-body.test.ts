import { errorBodySchema } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { readErrorBody } from './error-body';

const samples: unknown[] = [
  { status_code: 401, code: 'InvalidPasswordException', description: 'x', fields: {} },
  {
    status_code: 400,
    code: 'ValidationException',
    description: null,
    fields: { email: ['Email is required'] },
  },
  { status_code: 400, code: 'ValidationException', description: null },
  { status_code: 500, code: 'InternalServerError', description: null, correlation_id: 'c-1', extra: true },
  { status_code: 400.5, code: 'X', description: null },
  { status_code: '400', code: 'X', description: null },
  { status_code: 400, code: 1, description: null },
  { status_code: 400, code: 'X' },
  { status_code: 400, code: 'X', description: null, fields: { email: 'no' } },
  { status_code: 400, code: 'X', description: null, fields: [] },
  { status_code: 400, code: 'X', description: null, correlation_id: 5 },
  null,
  'text',
  [],
  undefined,
];

describe('reading an error body', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the contract schema: %s',
    (_, sample) => {
      const parsed = errorBodySchema.safeParse(sample);
      expect(readErrorBody(sample)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});
