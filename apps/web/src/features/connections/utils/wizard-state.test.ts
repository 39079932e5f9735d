import { describe, expect, it } from 'vitest';
import { closedWizard, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

const run = (actions: WizardAction[], from: WizardState = closedWizard) =>
  actions.reduce(wizardReducer, from);

describe('the connection wizard (spec 4)', () => {
  it("starts at the whitelist step for the warehouse client 'redshift' only", () => {
    expect(run([{ type: 'start', clientId: 'redshift', typ: 'redshift' }]).step).toBe(1);
    expect(run([{ type: 'start', clientId: 'postgres', typ: 'postgres' }]).step).toBe(2);
    expect(run([{ type: 'start', clientId: 'snowflake', typ: 'snowflake' }]).step).toBe(2);
  });

  it("moves past the whitelist step only with 'I've Whitelisted the IPs' ticked", () => {
    const started = run([{ type: 'start', clientId: 'redshift', typ: 'redshift' }]);
    expect(run([{ type: 'next' }], started).step).toBe(1);
    expect(run([{ type: 'setWhitelisted', value: true }, { type: 'next' }], started).step).toBe(2);
  });

  it('never goes below the first step, nor past 3', () => {
    const redshift = run([{ type: 'start', clientId: 'redshift', typ: 'redshift' }, { type: 'previous' }]);
    expect(redshift.step).toBe(1);
    const postgres = run([{ type: 'start', clientId: 'postgres', typ: 'postgres' }, { type: 'previous' }]);
    expect(postgres.step).toBe(2);
    expect(run([{ type: 'next' }, { type: 'next' }], postgres).step).toBe(3);
    expect(run([{ type: 'setStep', step: 1 }], postgres).step).toBe(2);
  });

  it('goes to step 3 after a successful create, and closes and resets once the schema is added', () => {
    const created = run([
      { type: 'start', clientId: 'redshift', typ: 'redshift' },
      { type: 'setWhitelisted', value: true },
      { type: 'next' },
      { type: 'created', connectionId: 'c-1' },
    ]);
    expect(created).toMatchObject({ open: true, step: 3, connectionId: 'c-1' });
    expect(run([{ type: 'schemaAdded' }], created)).toEqual(closedWizard);
  });

  it('forgets everything when closed', () => {
    const closed = run([
      { type: 'start', clientId: 'redshift', typ: 'redshift' },
      { type: 'setWhitelisted', value: true },
      { type: 'close' },
    ]);
    expect(closed).toEqual(closedWizard);
    expect(run([{ type: 'start', clientId: 'redshift', typ: 'redshift' }], closed).whitelisted).toBe(false);
  });
});
