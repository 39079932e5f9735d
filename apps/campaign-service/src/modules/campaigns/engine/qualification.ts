import { isRulePeriod, type Rule, ruleKindSchema } from '@meridian/contracts';

/**
 * Who may enter a run (spec 3 "Rule"): 'once' persons who never entered this campaign,
 * 'every_time' everyone, 'once_every' those whose last entry is older than the period.
 */
export type Qualification =
  { kind: 'once' } | { kind: 'every_time' } | { kind: 'once_every'; interval: string };

/** The stored rule as the snapshot applies it; a rule missing or unreadable is the default, once. */
export function qualificationOf(rule: Rule | null | undefined): Qualification {
  const kind = ruleKindSchema.safeParse(rule?.rule);
  if (!kind.success || kind.data === 'once') return { kind: 'once' };
  if (kind.data === 'every_time') return { kind: 'every_time' };
  // A period the publish check refuses (none, or beyond what the database can look back over).
  if (!isRulePeriod(rule?.recurring_period, rule?.recurring_period_unit)) return { kind: 'once' };
  // Calendar units: 'N months' is N calendar months back from the run, as a user counts them.
  return { kind: 'once_every', interval: `${rule?.recurring_period} ${rule?.recurring_period_unit}` };
}
