/**
 * Runs a unit of work whenever woken, never twice at once. Work that returns
 * true (more to do) runs again at once; a wake during a run runs it once more
 * afterwards, so no wake-up is lost; a failure is reported and retried with an
 * exponential backoff until a run succeeds.
 */
export class WakeLoop {
  private running: Promise<void> | null = null;
  private pending = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(
    private readonly work: () => Promise<boolean>,
    private readonly onError: (error: unknown, attempt: number) => void,
    private readonly backoff: { initialMs: number; maxMs: number } = { initialMs: 100, maxMs: 30_000 },
  ) {}

  wake(): void {
    if (this.stopped) return;
    this.pending = true;
    if (!this.running && !this.retryTimer) this.running = this.run();
  }

  /** Waits for the run in progress; no run starts afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.running;
  }

  private async run(): Promise<void> {
    try {
      while (this.pending && !this.stopped) {
        this.pending = false;
        let more = true;
        while (more && !this.stopped) more = await this.work();
        this.failures = 0;
      }
    } catch (error) {
      this.failures += 1;
      this.onError(error, this.failures);
      if (!this.stopped) this.scheduleRetry();
    } finally {
      this.running = null;
    }
  }

  private scheduleRetry(): void {
    const delay = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** (this.failures - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.wake();
    }, delay);
    this.retryTimer.unref();
  }
}
