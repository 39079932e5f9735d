import { qualificationOf } from './qualification';

describe('qualificationOf', () => {
  it('reads each rule kind', () => {
    expect(qualificationOf({ rule: 'once' })).toEqual({ kind: 'once' });
    expect(qualificationOf({ rule: 'every_time' })).toEqual({ kind: 'every_time' });
    expect(
      qualificationOf({ rule: 'once_every', recurring_period: 3, recurring_period_unit: 'weeks' }),
    ).toEqual({ kind: 'once_every', interval: '3 weeks' });
  });

  it('falls back to the default rule (once) when the rule is missing or incomplete', () => {
    expect(qualificationOf(null)).toEqual({ kind: 'once' });
    expect(qualificationOf({ rule: 'sometimes' })).toEqual({ kind: 'once' });
    expect(
      qualificationOf({ rule: 'once_every', recurring_period: 0, recurring_period_unit: 'days' }),
    ).toEqual({
      kind: 'once',
    });
    expect(
      qualificationOf({ rule: 'once_every', recurring_period: 2, recurring_period_unit: 'years' }),
    ).toEqual({
      kind: 'once',
    });
    // Longer than the database can look back over ('1e+308 months' is not even an interval).
    expect(
      qualificationOf({ rule: 'once_every', recurring_period: 1e308, recurring_period_unit: 'months' }),
    ).toEqual({ kind: 'once' });
  });
});
