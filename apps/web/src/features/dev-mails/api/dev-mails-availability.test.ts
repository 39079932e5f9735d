import { describe, expect, it } from 'vitest';
import { isMailPage } from './dev-mails-availability';
import { devMailPageSchema } from './dev-mails.schemas';

describe('the mail capture check', () => {
  it('takes what the page schema accepts', () => {
    const page = {
      records: [{ id: 1, received_at: '2026-01-01T00:00:00Z', from: 'a@b.c', to: 'd@e.f', subject: 'Hi' }],
      total_count: 1,
      page_count: 1,
    };
    expect(devMailPageSchema.safeParse(page).success).toBe(true);
    expect(isMailPage(page)).toBe(true);
  });

  it.each([null, 'ok', [], { records: [] }, { records: {}, total_count: 0, page_count: 0 }])(
    'refuses %j, as the schema does',
    (body) => {
      expect(devMailPageSchema.safeParse(body).success).toBe(false);
      expect(isMailPage(body)).toBe(false);
    },
  );
});
