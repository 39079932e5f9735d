import { describe, expect, it } from 'vitest';
import { groupEmailClients } from './email-clients';

describe('groupEmailClients', () => {
  it('gives each client at or above 3% its own slice, largest first', () => {
    const slices = groupEmailClients([
      { name: 'Outlook', value: 30 },
      { name: 'Gmail', value: 67 },
      { name: 'Apple Mail', value: 3 },
    ]);
    expect(slices.map((s) => [s.name, s.value, s.share])).toEqual([
      ['Gmail', 67, 0.67],
      ['Outlook', 30, 0.3],
      ['Apple Mail', 3, 0.03],
    ]);
  });

  it("groups clients under 3% into 'Others' (last) and names them", () => {
    const slices = groupEmailClients([
      { name: 'Gmail', value: 960 },
      { name: 'Thunderbird', value: 25 },
      { name: 'Yahoo', value: 15 },
    ]);
    expect(slices).toEqual([
      { name: 'Gmail', value: 960, share: 0.96 },
      { name: 'Others', value: 40, share: 0.04, detail: 'Thunderbird, Yahoo' },
    ]);
  });

  it("names at most 10 grouped clients, then 'and misc.'", () => {
    const small = Array.from({ length: 12 }, (_, i) => ({ name: `Client ${i + 1}`, value: 12 - i }));
    const slices = groupEmailClients([{ name: 'Gmail', value: 10_000 }, ...small]);
    const others = slices.at(-1);
    expect(others?.name).toBe('Others');
    expect(others?.value).toBe(78);
    expect(others?.detail).toBe(
      'Client 1, Client 2, Client 3, Client 4, Client 5, Client 6, Client 7, Client 8, Client 9, Client 10 and misc.',
    );
  });

  it('leaves out clients with nothing counted and is empty without data', () => {
    expect(groupEmailClients([])).toEqual([]);
    expect(groupEmailClients([{ name: 'Gmail', value: 0 }])).toEqual([]);
    expect(
      groupEmailClients([
        { name: 'Gmail', value: 4 },
        { name: 'Outlook', value: 0 },
      ]),
    ).toEqual([{ name: 'Gmail', value: 4, share: 1 }]);
  });
});
