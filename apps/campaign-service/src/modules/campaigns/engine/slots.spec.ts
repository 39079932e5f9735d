import type { Schedule } from '@meridian/contracts';
import { dueSlots, MISSED_SLOT_WINDOW_MS, slotReasons } from './slots';

const at = (iso: string) => new Date(iso);
const hourly: Schedule = {
  run_type: 'period',
  time_zone: 'UTC',
  run_config: {
    start_date: '2026-06-01',
    end_date: '2026-06-30',
    run_time: '09:00',
    frequency: 'hours',
    unit: 1,
  },
} as Schedule;

describe('dueSlots', () => {
  it('runs a slot that just came and names the next one', () => {
    const { slots, next } = dueSlots(hourly, at('2026-06-02T10:00:00Z'), at('2026-06-02T10:00:30Z'));
    expect(slots).toEqual([{ slot: at('2026-06-02T10:00:00Z'), skipped: null }]);
    expect(next).toEqual(at('2026-06-02T11:00:00Z'));
  });

  it('after downtime runs only the latest slot and records the earlier ones as skipped', () => {
    const { slots, next } = dueSlots(hourly, at('2026-06-02T10:00:00Z'), at('2026-06-02T12:05:00Z'));
    expect(slots).toEqual([
      { slot: at('2026-06-02T10:00:00Z'), skipped: slotReasons.superseded },
      { slot: at('2026-06-02T11:00:00Z'), skipped: slotReasons.superseded },
      { slot: at('2026-06-02T12:00:00Z'), skipped: null },
    ]);
    expect(next).toEqual(at('2026-06-02T13:00:00Z'));
  });

  it('skips a slot missed by more than the window', () => {
    const late = new Date(at('2026-06-02T10:00:00Z').getTime() + MISSED_SLOT_WINDOW_MS + 1000);
    const { slots } = dueSlots(hourly, at('2026-06-02T10:00:00Z'), late);
    expect(slots).toEqual([{ slot: at('2026-06-02T10:00:00Z'), skipped: slotReasons.missed }]);
  });

  it('has nothing after an at_once or once slot', () => {
    const now = at('2026-06-02T10:00:10Z');
    expect(dueSlots({ run_type: 'at_once' } as Schedule, at('2026-06-02T10:00:00Z'), now)).toEqual({
      slots: [{ slot: at('2026-06-02T10:00:00Z'), skipped: null }],
      next: null,
    });
    const once = { ...hourly, run_type: 'once' } as Schedule;
    expect(dueSlots(once, at('2026-06-02T10:00:00Z'), now).next).toBeNull();
  });

  it('is not due before its time', () => {
    expect(dueSlots(hourly, at('2026-06-02T10:00:00Z'), at('2026-06-02T09:59:59Z'))).toEqual({
      slots: [],
      next: at('2026-06-02T10:00:00Z'),
    });
  });
});
