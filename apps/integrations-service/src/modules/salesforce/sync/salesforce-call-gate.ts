import type { SalesforceApiBudget } from '../session/salesforce-api-budget';
import { DEFERRED_CODES, LOGIN_CODES } from './salesforce-sync-rules';

/** Today's API allowance is spent (ours or the org's): the work waits for a later run. */
export class BudgetSpentError extends Error {
  constructor() {
    super('The Salesforce API allowance for today is used up');
  }
}

/** The run was asked to stop (shutdown): it stays open and the next process goes on. */
export class RunStoppedError extends Error {}

/** The run's turn is over at a checkpoint: it stays open and a job queued again goes on. */
export class TurnOverError extends RunStoppedError {}

/** A Salesforce error's code, as jsforce reports it (errorCode, or the OAuth error's name). */
export function errorCodeOf(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { errorCode?: unknown; name?: unknown };
  if (typeof e.errorCode === 'string') return e.errorCode;
  if (typeof e.name === 'string' && e.name !== 'Error') return e.name;
  return null;
}

/** jsforce reports a refused refresh (revoked or expired refresh token) as a plain Error with this text. */
const REFRESH_REFUSED = 'Unable to refresh session';

export const isLoginError = (error: unknown): boolean =>
  LOGIN_CODES.has(errorCodeOf(error) ?? '') ||
  (error instanceof Error && error.message.startsWith(REFRESH_REFUSED));

/**
 * The result every record of a write gets when the whole call failed: the call's error. A spent
 * budget, a refused login or a stop is rethrown instead, since it stops the run rather than the
 * records (which stay queued for the run's next job).
 */
export function wholeCallFailed(
  error: unknown,
  count: number,
): Array<{ success: false; errors: Array<{ errorCode: string; message: string }> }> {
  if (error instanceof BudgetSpentError || error instanceof RunStoppedError || isLoginError(error))
    throw error;
  const message = error instanceof Error ? error.message : String(error);
  const errorCode = errorCodeOf(error) ?? 'UNKNOWN';
  return Array.from({ length: count }, () => ({ success: false, errors: [{ errorCode, message }] }));
}

/**
 * Every Salesforce call of a run goes through here: one call taken from the API budget first
 * (refused: BudgetSpentError), counted for the run; Salesforce's own REQUEST_LIMIT_EXCEEDED
 * means the same.
 */
export class CallGate {
  calls = 0;
  deferred = 0;

  constructor(
    private readonly budget: SalesforceApiBudget,
    private readonly organisationId: string,
    private readonly connectionId: string,
    private readonly signal: AbortSignal,
    /** When the run's turn is over (ms since the epoch): it stops at its next checkpoint. */
    private readonly turnEndsAt = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * A point where everything the run did is saved (a page stored with its cursor, a push or
   * delete round's results written): past its turn, the run stops here (TurnOverError).
   */
  checkpoint(): void {
    if (Date.now() >= this.turnEndsAt) throw new TurnOverError();
  }

  /** Takes one call; false (and counted as deferred) when none is left. */
  async take(): Promise<boolean> {
    if (this.signal.aborted) throw new RunStoppedError();
    const granted = await this.budget.take(this.organisationId, this.connectionId, 1);
    if (granted < 1) {
      this.deferred += 1;
      return false;
    }
    this.calls += 1;
    return true;
  }

  async call<T>(request: () => Promise<T>): Promise<T> {
    if (!(await this.take())) throw new BudgetSpentError();
    try {
      return await request();
    } catch (error) {
      if (DEFERRED_CODES.has(errorCodeOf(error) ?? '')) {
        this.deferred += 1;
        throw new BudgetSpentError();
      }
      throw error;
    }
  }
}
