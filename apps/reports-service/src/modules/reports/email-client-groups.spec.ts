import { groupEmailClients, MORE_CLIENTS, OTHERS } from './email-client-groups';

const row = (email_client: string, opens: number, clicks = 0) => ({
  email_client,
  unique_open_count: opens,
  total_open_count: opens * 2,
  unique_click_count_by_url: clicks,
});

describe(groupEmailClients.name, () => {
  it('keeps clients at or over 3% largest first and sums the rest into Others, last', () => {
    // Total 100: 3 is exactly 3% (kept), 2 and 1 are under it.
    const rows = [row('Outlook', 30), row('Gmail', 64), row('Tiny', 1), row('Edge', 3), row('Small', 2)];
    expect(groupEmailClients(rows, 'unique_open_count')).toEqual([
      row('Gmail', 64),
      row('Outlook', 30),
      row('Edge', 3),
      {
        email_client: OTHERS,
        unique_open_count: 3,
        total_open_count: 6,
        unique_click_count_by_url: 0,
        grouped_clients: ['Small', 'Tiny'],
      },
    ]);
  });

  it('groups by the tab measure and leaves out clients without it', () => {
    const rows = [row('Gmail', 50, 0), row('Outlook', 1, 97), row('Edge', 1, 3)];
    expect(groupEmailClients(rows, 'unique_click_count_by_url').map((r) => r.email_client)).toEqual([
      'Outlook',
      'Edge',
    ]);
  });

  it('names at most 10 grouped clients, then and misc.', () => {
    const small = Array.from({ length: 12 }, (_, i) => row(`Client ${String(i).padStart(2, '0')}`, 1));
    const grouped = groupEmailClients([row('Gmail', 1000), ...small], 'unique_open_count');
    expect(grouped).toHaveLength(2);
    expect(grouped[1]!.unique_open_count).toBe(12);
    expect(grouped[1]!.grouped_clients).toEqual([
      ...small.slice(0, 10).map((r) => r.email_client),
      MORE_CLIENTS,
    ]);
  });

  it('returns nothing when nobody opened', () => {
    expect(groupEmailClients([row('Gmail', 0)], 'unique_open_count')).toEqual([]);
  });
});
