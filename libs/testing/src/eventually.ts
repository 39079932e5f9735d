export interface EventuallyOptions {
  /** Give up after this long; generous, since it bounds a wait and is never a measurement. */
  timeoutMs?: number;
  intervalMs?: number;
  /** Named in the timeout error. */
  what?: string;
}

/**
 * Polls until `check` returns a value other than undefined/false, then returns it.
 * For asynchronous outcomes (a job run, a mail received): tests wait for the
 * state, they never assert on how long it took.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  options: EventuallyOptions = {},
): Promise<T> {
  const { timeoutMs = 30_000, intervalMs = 100, what = 'condition' } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
