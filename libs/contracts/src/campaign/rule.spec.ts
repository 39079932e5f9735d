import { defaultRule, normalizeRule, ruleErrors, ruleMessages as m, ruleSchema, withRuleKind } from './rule';

describe('ruleErrors', () => {
  it('accepts the default rule: once, with no re-entry', () => {
    expect(defaultRule()).toMatchObject({ rule: 'once', allow_re_entry: false });
    expect(ruleErrors(defaultRule())).toEqual({});
  });

  it("says 'Select an option' for a missing or unknown rule", () => {
    expect(ruleErrors(null)).toEqual({ rule: 'Select an option' });
    expect(ruleErrors({ rule: 'sometimes' })).toEqual({ rule: m.optionRequired });
    expect(ruleErrors({})).toEqual({ rule: m.optionRequired });
  });

  it("says 'Invalid period' when once_every lacks a whole period of at least 1 or a known unit", () => {
    expect(ruleErrors({ rule: 'once_every' })).toEqual({ recurring_period: 'Invalid period' });
    expect(ruleErrors({ rule: 'once_every', recurring_period: 2 })).toEqual({
      recurring_period: m.invalidPeriod,
    });
    expect(ruleErrors({ rule: 'once_every', recurring_period: 0, recurring_period_unit: 'days' })).toEqual({
      recurring_period: m.invalidPeriod,
    });
    expect(ruleErrors({ rule: 'once_every', recurring_period: 2, recurring_period_unit: 'years' })).toEqual({
      recurring_period: m.invalidPeriod,
    });
    expect(ruleErrors({ rule: 'once_every', recurring_period: 2, recurring_period_unit: 'weeks' })).toEqual(
      {},
    );
  });

  it("says 'Invalid period' for a period longer than 100 years, which no run could look back over", () => {
    expect(
      ruleErrors({ rule: 'once_every', recurring_period: 1200, recurring_period_unit: 'months' }),
    ).toEqual({});
    expect(
      ruleErrors({ rule: 'once_every', recurring_period: 36500, recurring_period_unit: 'days' }),
    ).toEqual({});
    for (const [period, unit] of [
      [100_000, 'months'],
      [5300, 'weeks'],
      [36_501, 'days'],
      [1e308, 'days'],
    ] as const) {
      expect(
        ruleErrors({ rule: 'once_every', recurring_period: period, recurring_period_unit: unit }),
      ).toEqual({
        recurring_period: m.invalidPeriod,
      });
    }
  });

  it('accepts every_time without a period', () => {
    expect(ruleErrors({ rule: 'every_time' })).toEqual({});
  });
});

describe('normalizeRule', () => {
  it('clears the period when switching away from once_every and sets re-entry by kind', () => {
    const every = { rule: 'once_every', recurring_period: 3, recurring_period_unit: 'weeks' };
    expect(withRuleKind(every, 'every_time')).toMatchObject({
      rule: 'every_time',
      recurring_period: null,
      recurring_period_unit: null,
      allow_re_entry: true,
      recurring: false,
    });
    expect(withRuleKind(every, 'once')).toMatchObject({ recurring_period: null, allow_re_entry: false });
  });

  it('derives the period in days for once_every', () => {
    expect(
      normalizeRule({ rule: 'once_every', recurring_period: 3, recurring_period_unit: 'weeks' }),
    ).toMatchObject({
      recurring: true,
      allow_re_entry: true,
      recurring_period_days: 21,
    });
    expect(
      normalizeRule({ rule: 'once_every', recurring_period: 2, recurring_period_unit: 'months' }),
    ).toMatchObject({
      recurring_period_days: 60,
    });
  });

  it('leaves an unknown rule as it is for the validator to refuse', () => {
    expect(normalizeRule({ rule: 'x', recurring_period: 1 })).toEqual({ rule: 'x', recurring_period: 1 });
  });
});

describe('ruleSchema', () => {
  it('refuses a rule of the wrong type', () => {
    expect(ruleSchema.safeParse({ rule: 'once', recurring_period: 'two' }).success).toBe(false);
    expect(ruleSchema.safeParse(defaultRule()).success).toBe(true);
  });
});
