import { latestSettings } from './crm-feed.service';

const setting = (connection: string, at: string, enabled = true) => ({
  organisation_id: 'org-1',
  connection_id: connection,
  enabled,
  fields: ['first_name', 'first_name', 'plan'],
  inclusion_list: null,
  occurred_at: at,
});

describe(latestSettings.name, () => {
  it('keeps the latest setting per connection, the later delivered one on a tie, with fields once', () => {
    const now = new Date('2026-11-26T12:00:00.000Z');
    const settings = latestSettings(
      [
        setting('a', '2026-11-26T10:00:00.000Z'),
        setting('b', '2026-11-26T10:00:00.000Z'),
        setting('a', '2026-11-26T09:00:00.000Z', false),
        setting('b', '2026-11-26T10:00:00.000Z', false),
        setting('c', 'not a time'),
      ],
      now,
    );
    expect(settings).toEqual([
      expect.objectContaining({ connection_id: 'a', enabled: true, fields: ['first_name', 'plan'] }),
      expect.objectContaining({ connection_id: 'b', enabled: false }),
      expect.objectContaining({ connection_id: 'c', occurred_at: now }),
    ]);
    expect(settings[0]!.occurred_at).toEqual(new Date('2026-11-26T10:00:00.000Z'));
  });
});
