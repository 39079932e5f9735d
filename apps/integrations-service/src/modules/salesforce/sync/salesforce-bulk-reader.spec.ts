import { readAhead } from './salesforce-bulk-reader';

/** Pages 1..n; `asked` counts the pages requested so far, `closed` says whether it was stopped. */
function pages(n: number, failAt?: number) {
  const state = { asked: 0, closed: false };
  async function* source(): AsyncGenerator<number> {
    try {
      for (let page = 1; page <= n; page++) {
        state.asked = page;
        await Promise.resolve();
        if (page === failAt) throw new Error(`page ${page} failed`);
        yield page;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, source: source() };
}

describe('readAhead', () => {
  it('gives every page in order, the next one already asked for while the caller works on one', async () => {
    const { state, source } = pages(3);
    const seen: Array<[page: number, asked: number]> = [];
    for await (const page of readAhead(source)) {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push([page, state.asked]);
    }
    expect(seen).toEqual([
      [1, 2],
      [2, 3],
      [3, 3],
    ]);
  });

  it('surfaces a failed page when the caller reaches it, after the pages before it', async () => {
    const { source } = pages(3, 2);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const page of readAhead(source)) seen.push(page);
      })(),
    ).rejects.toThrow('page 2 failed');
    expect(seen).toEqual([1]);
  });

  it('stops the source when the caller stops early', async () => {
    const { state, source } = pages(5);
    for await (const page of readAhead(source)) if (page === 2) break;
    expect(state.closed).toBe(true);
    expect(state.asked).toBe(3);
  });
});
