import { describe, expect, it } from 'vitest';
import type { Campaign } from '@meridian/contracts';
import { editorStatus, timeAgo } from './editor-status';

const base = {
  draft: false,
  updated_at: '2026-01-02T10:00:00.000Z',
  draft_data: null,
} as unknown as Campaign;

describe('editorStatus', () => {
  it('says Published with the campaign time when there is no draft', () => {
    expect(editorStatus(base, false, 'me')).toEqual({ label: 'Published', at: base.updated_at, by: null });
  });

  it("says Saved with the draft's time, and by whom only when another user drafted", () => {
    const draft = { updated_at: '2026-01-03T10:00:00.000Z', updated_by: { id: 'other', name: 'Bo' } };
    const campaign = { ...base, draft: true, draft_data: draft } as Campaign;
    expect(editorStatus(campaign, false, 'me')).toEqual({ label: 'Saved', at: draft.updated_at, by: 'Bo' });
    expect(editorStatus(campaign, false, 'other').by).toBeNull();
    expect(editorStatus(campaign, true, 'me').label).toBe('Saving...');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-01-02T10:00:00.000Z');
  it('reads as a person would say it', () => {
    expect(timeAgo('2026-01-02T09:59:30.000Z', now)).toBe('just now');
    expect(timeAgo('2026-01-02T09:55:00.000Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-01-02T07:00:00.000Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-01-01T09:00:00.000Z', now)).toBe('yesterday');
  });
});
