import { describe, expect, it } from 'vitest';
import { clientSlices, type EmailClientRow } from './email-clients';

const row = (
  email_client: string,
  opens: number,
  clicks = 0,
  grouped_clients?: string[],
): EmailClientRow => ({
  email_client,
  unique_open_count: opens,
  total_open_count: opens * 2,
  unique_click_count_by_url: clicks,
  ...(grouped_clients ? { grouped_clients } : {}),
});

describe('clientSlices', () => {
  it("keeps the service's order and gives each client its share of the tab's total", () => {
    const slices = clientSlices(
      [row('Gmail', 67), row('Outlook', 30), row('Apple Mail', 3)],
      'unique_open_count',
    );
    expect(slices).toEqual([
      { name: 'Gmail', value: 67, share: 0.67 },
      { name: 'Outlook', value: 30, share: 0.3 },
      { name: 'Apple Mail', value: 3, share: 0.03 },
    ]);
  });

  it("names the clients the 'Others' row holds", () => {
    const slices = clientSlices(
      [row('Gmail', 960), row('Others', 40, 0, ['Thunderbird', 'Yahoo'])],
      'unique_open_count',
    );
    expect(slices.at(-1)).toEqual({ name: 'Others', value: 40, share: 0.04, detail: 'Thunderbird, Yahoo' });
  });

  it("ends a long 'Others' list with 'and misc.'", () => {
    const names = Array.from({ length: 10 }, (_, i) => `Client ${i + 1}`);
    const [, others] = clientSlices(
      [row('Gmail', 10_000), row('Others', 78, 0, [...names, 'and misc.'])],
      'unique_open_count',
    );
    expect(others?.detail).toBe(
      'Client 1, Client 2, Client 3, Client 4, Client 5, Client 6, Client 7, Client 8, Client 9, Client 10 and misc.',
    );
  });

  it('measures the Click tab by unique clicks and leaves out clients without any', () => {
    const slices = clientSlices(
      [row('Gmail', 50, 3), row('Outlook', 20, 1), row('Yahoo', 5, 0)],
      'unique_click_count_by_url',
    );
    expect(slices).toEqual([
      { name: 'Gmail', value: 3, share: 0.75 },
      { name: 'Outlook', value: 1, share: 0.25 },
    ]);
    expect(clientSlices([], 'unique_open_count')).toEqual([]);
    expect(clientSlices([row('Gmail', 0)], 'unique_open_count')).toEqual([]);
  });
});
