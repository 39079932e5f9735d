import { nextRunTime, type Schedule } from '@meridian/contracts';

/** A slot missed by more than this (the service was down) is skipped rather than run late. */
export const MISSED_SLOT_WINDOW_MS = 15 * 60_000;
/** Slots one campaign may catch up on in one tick; beyond it the timetable jumps to now. */
const MAX_SLOTS_PER_TICK = 100;

export const slotReasons = {
  missed: 'Missed its start time by more than 15 minutes',
  superseded: 'A later run was already due',
} as const;

export interface DueSlot {
  slot: Date;
  skipped: string | null;
}

/**
 * The due slots of a schedule whose stored next run time has come, and the next run time after
 * them (null: the schedule has no more runs). Only the latest due slot may run; earlier ones, and
 * any missed by more than the window, are recorded as skipped with why.
 */
export function dueSlots(
  schedule: Schedule,
  first: Date,
  now: Date,
): { slots: DueSlot[]; next: Date | null } {
  const times: Date[] = [];
  let next: Date | null = first;
  const repeats = schedule.run_type === 'period' || schedule.run_type === 'recurring';
  while (next && next.getTime() <= now.getTime() && times.length < MAX_SLOTS_PER_TICK) {
    times.push(next);
    next = repeats ? nextRunTime(schedule, next) : null;
  }
  if (next && next.getTime() <= now.getTime())
    next = nextRunTime(schedule, new Date(now.getTime() - MISSED_SLOT_WINDOW_MS));
  const slots = times.map((slot, index) => ({
    slot,
    skipped:
      index < times.length - 1
        ? slotReasons.superseded
        : now.getTime() - slot.getTime() > MISSED_SLOT_WINDOW_MS
          ? slotReasons.missed
          : null,
  }));
  return { slots, next };
}
