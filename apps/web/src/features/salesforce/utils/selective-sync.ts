import type { SalesforceSelectiveSync } from '@meridian/contracts';

type Entry = SalesforceSelectiveSync['lead'];

/** Spec 5: turning selective sync off clears its field. */
export const clearedWhenOff = (entry: Entry): Entry =>
  entry.active ? entry : { active: false, field: null };

/** Spec 5: saved only when every active entry has a field (an inactive one always may be). */
export const canSaveSelective = (selective: SalesforceSelectiveSync): boolean =>
  Object.values(selective).every((entry) => !entry.active || Boolean(entry.field));
