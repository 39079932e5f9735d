import { WakeLoop } from './wake-loop';

/** Resolves after pending promise callbacks (and zero-delay timers) have run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe(WakeLoop.name, () => {
  it('runs again while the work reports more to do', async () => {
    let calls = 0;
    const loop = new WakeLoop(
      async () => ++calls < 3,
      () => undefined,
    );
    loop.wake();
    for (let i = 0; i < 10; i += 1) await settle();
    await loop.stop();
    expect(calls).toBe(3);
  });

  it('never runs the work twice at once, and keeps a wake that arrives mid-run', async () => {
    let active = 0;
    let maxActive = 0;
    let calls = 0;
    let release: () => void = () => undefined;
    const loop = new WakeLoop(
      async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        active -= 1;
        return false;
      },
      () => undefined,
    );
    loop.wake();
    loop.wake();
    loop.wake();
    await settle();
    release();
    await settle();
    await settle();
    await loop.stop();
    expect(maxActive).toBe(1);
    // One run for the first wake, one more for the wakes that came during it.
    expect(calls).toBe(2);
  });

  it('reports a failure and retries after a backoff until the work succeeds', async () => {
    jest.useFakeTimers();
    try {
      const errors: number[] = [];
      let calls = 0;
      const loop = new WakeLoop(
        async () => {
          calls += 1;
          if (calls < 3) throw new Error('database away');
          return false;
        },
        (_error, attempt) => errors.push(attempt),
        { initialMs: 100, maxMs: 1000 },
      );
      loop.wake();
      await jest.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);
      // A wake during the backoff does not skip it.
      loop.wake();
      await jest.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);
      await jest.advanceTimersByTimeAsync(100);
      expect(calls).toBe(2);
      await jest.advanceTimersByTimeAsync(199);
      expect(calls).toBe(2);
      await jest.advanceTimersByTimeAsync(1);
      expect(calls).toBe(3);
      expect(errors).toEqual([1, 2]);
      await loop.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('lets the work in progress finish on stop, without starting the next run', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const loop = new WakeLoop(
      async () => {
        calls += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return true;
      },
      () => undefined,
    );
    loop.wake();
    await settle();
    const stopped = loop.stop();
    release();
    await stopped;
    expect(calls).toBe(1);
  });

  it('does not run after stop', async () => {
    let calls = 0;
    const loop = new WakeLoop(
      async () => {
        calls += 1;
        return false;
      },
      () => undefined,
    );
    await loop.stop();
    loop.wake();
    await settle();
    expect(calls).toBe(0);
  });
});
