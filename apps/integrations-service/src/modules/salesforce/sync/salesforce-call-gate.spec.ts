import type { SalesforceApiBudget } from '../session/salesforce-api-budget';
import {
  BudgetSpentError,
  CallGate,
  RunStoppedError,
  TurnOverError,
  wholeCallFailed,
} from './salesforce-call-gate';

const budget = { take: async () => 1 } as unknown as SalesforceApiBudget;

describe('CallGate', () => {
  it('stops at a checkpoint only once the turn is over', async () => {
    const open = new CallGate(budget, 'org', 'conn', new AbortController().signal, Date.now() + 60_000);
    expect(() => open.checkpoint()).not.toThrow();
    const over = new CallGate(budget, 'org', 'conn', new AbortController().signal, Date.now() - 1);
    expect(() => over.checkpoint()).toThrow(TurnOverError);
    // Calls between checkpoints go on: the turn stops the run only where its work is saved.
    await expect(over.call(async () => 'answer')).resolves.toBe('answer');
  });

  it('refuses calls once the run is asked to stop', async () => {
    const stop = new AbortController();
    const gate = new CallGate(budget, 'org', 'conn', stop.signal);
    stop.abort();
    await expect(gate.call(async () => 'answer')).rejects.toBeInstanceOf(RunStoppedError);
  });
});

describe('wholeCallFailed', () => {
  it("gives every record the call's error", () => {
    const error = Object.assign(new Error('Bad value'), { errorCode: 'INVALID_FIELD' });
    expect(wholeCallFailed(error, 2)).toEqual([
      { success: false, errors: [{ errorCode: 'INVALID_FIELD', message: 'Bad value' }] },
      { success: false, errors: [{ errorCode: 'INVALID_FIELD', message: 'Bad value' }] },
    ]);
  });

  it('rethrows what stops the run rather than its records, which stay queued', () => {
    expect(() => wholeCallFailed(new BudgetSpentError(), 2)).toThrow(BudgetSpentError);
    // A shutdown or a turn's end inside a write must not record the records as failed.
    expect(() => wholeCallFailed(new RunStoppedError(), 2)).toThrow(RunStoppedError);
    expect(() => wholeCallFailed(new TurnOverError(), 2)).toThrow(TurnOverError);
  });
});
