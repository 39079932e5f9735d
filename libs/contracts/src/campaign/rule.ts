import { z } from 'zod';

/** Spec section 5 "Qualification" and "Publish", word for word. */
export const ruleMessages = {
  optionRequired: 'Select an option',
  invalidPeriod: 'Invalid period',
  ruleInvalid: 'campaign rule is invalid',
} as const;

/** once: a person runs through the flow once; every_time: on every run; once_every: at most once per period. */
export const ruleKindSchema = z.enum(['once', 'every_time', 'once_every']);
export type RuleKind = z.infer<typeof ruleKindSchema>;
/** Spec 9: once-every units Days, Weeks, Months. */
export const rulePeriodUnitSchema = z.enum(['days', 'weeks', 'months']);
export type RulePeriodUnit = z.infer<typeof rulePeriodUnitSchema>;
/** How many days a period unit spans, for recurring_period_days (a month counts as 30 days). */
export const RULE_UNIT_DAYS: Record<RulePeriodUnit, number> = { days: 1, weeks: 7, months: 30 };
/**
 * Ours (the spec sets no bound): a period spans at most 100 years. The engine looks back over the
 * period from each run, and a longer one reaches past the dates the database can hold, so a rule the
 * form accepted would fail every run.
 */
export const RULE_PERIOD_MAX_DAYS = 36_500;

/** A whole period of at least 1 in a known unit, no longer than RULE_PERIOD_MAX_DAYS. */
export function isRulePeriod(period: unknown, unit: unknown): boolean {
  const known = rulePeriodUnitSchema.safeParse(unit);
  return (
    known.success &&
    typeof period === 'number' &&
    Number.isInteger(period) &&
    period >= 1 &&
    period * RULE_UNIT_DAYS[known.data] <= RULE_PERIOD_MAX_DAYS
  );
}

/** The stored rule; a draft may hold an incomplete one, `ruleErrors` says whether it may be published. */
export const ruleSchema = z.object({
  rule: z.string().max(20).nullish(),
  recurring_period: z.number().nullish(),
  recurring_period_unit: z.string().max(20).nullish(),
  allow_re_entry: z.boolean().optional(),
  recurring: z.boolean().optional(),
  recurring_period_days: z.number().nullish(),
  version: z.number().int().optional(),
  created_time: z.iso.datetime().optional(),
  updated_time: z.iso.datetime().optional(),
});
export type Rule = z.infer<typeof ruleSchema>;

/** Spec 3: the default rule is once with no re-entry. */
export const defaultRule = (): Rule => ({
  rule: 'once',
  recurring_period: null,
  recurring_period_unit: null,
  allow_re_entry: false,
  recurring: false,
  recurring_period_days: null,
});

/** Field to message; empty when the rule is valid. */
export function ruleErrors(rule: Rule | null | undefined): Record<string, string> {
  const kind = ruleKindSchema.safeParse(rule?.rule);
  if (!rule || !kind.success) return { rule: ruleMessages.optionRequired };
  if (kind.data !== 'once_every') return {};
  if (!isRulePeriod(rule.recurring_period, rule.recurring_period_unit))
    return { recurring_period: ruleMessages.invalidPeriod };
  return {};
}

/**
 * The rule as it is stored: spec 4 says switching away from once_every clears its period and unit;
 * the derived flags (re-entry, recurring, period in days) follow the kind so readers need not.
 */
export function normalizeRule(rule: Rule): Rule {
  const kind = ruleKindSchema.safeParse(rule.rule);
  if (!kind.success) return rule;
  if (kind.data !== 'once_every') {
    return {
      ...rule,
      recurring_period: null,
      recurring_period_unit: null,
      recurring_period_days: null,
      recurring: false,
      allow_re_entry: kind.data === 'every_time',
    };
  }
  const unit = rulePeriodUnitSchema.safeParse(rule.recurring_period_unit);
  const days =
    unit.success && typeof rule.recurring_period === 'number'
      ? rule.recurring_period * RULE_UNIT_DAYS[unit.data]
      : null;
  return { ...rule, recurring: true, allow_re_entry: true, recurring_period_days: days };
}

/** Switch the rule's kind the way the qualification form does. */
export function withRuleKind(rule: Rule, kind: RuleKind): Rule {
  return normalizeRule({ ...rule, rule: kind });
}
