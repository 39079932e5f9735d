import { RenderPool, RenderQueueFullError, RenderTimeoutError } from './render-pool';
import type { RenderBatchJob } from './render.worker';

/** A text that keeps a render busy until its per-render time limit (about a second) stops it. */
const SLOW = '{% for i in (1..90000) %}{% for j in (1..90000) %}{% endfor %}{% endfor %}';

function job(text: string, persons = 1): RenderBatchJob {
  return {
    kind: 'render',
    texts: { body: text },
    modes: { body: 'html' },
    tokens: [
      { name: 'n', code: '{{ person.first_name | upcase }}', default_value: 'x', return_type: 'string' },
    ],
    persons: Array.from({ length: persons }, (_, i) => ({
      variables: { first_name: `<p${i}>` },
      unsubscribeUrl: 'u',
    })),
  };
}

// Workers start from TypeScript sources and the bombs run to their limits: generous on a loaded machine.
jest.setTimeout(60_000);

describe(RenderPool.name, () => {
  let pool: RenderPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('renders a batch of persons in a worker, escaped for its mode', async () => {
    pool = new RenderPool({ size: 1, queuePerOrganisation: 5 });
    await expect(pool.run('org-a', job('Hi {{ tokens.n }}', 2))).resolves.toEqual([
      { texts: { body: 'Hi &lt;P0&gt;' }, errors: {} },
      { texts: { body: 'Hi &lt;P1&gt;' }, errors: {} },
    ]);
    await expect(
      pool.run('org-a', {
        kind: 'verify',
        code: '{{ (1..2400000) | group_by: "x" | size }}',
        sample: { person: {} },
      }),
    ).resolves.toMatchObject({
      error: { position: null, reason: 'Invalid token' },
    });
  });

  it("answers another organisation while one organisation's runaway jobs are queued", async () => {
    pool = new RenderPool({ size: 2, queuePerOrganisation: 10, budgetMs: 1_000 });
    const finished: string[] = [];
    const track = (label: string, promise: Promise<unknown>) => promise.then(() => finished.push(label));
    const bombs = Array.from({ length: 4 }, (_, i) => track(`a${i}`, pool!.run('org-a', job(SLOW, 3))));
    const other = track('b', pool.run('org-b', job('Hi {{ tokens.n }}')));
    await Promise.all([...bombs, other]);
    // One organisation holds at most one of the two workers: the other's request does not wait for the bombs.
    expect(finished.indexOf('b')).toBeLessThan(finished.indexOf('a3'));
    expect(finished.indexOf('b')).toBeLessThan(finished.indexOf('a1'));
  });

  it('stops each render of a runaway batch at the job budget and reports why', async () => {
    pool = new RenderPool({
      size: 1,
      queuePerOrganisation: 5,
      budgetMs: 1_500,
      hardDeadlineMs: 60_000,
    });
    const results = await pool.run('org-a', job(SLOW, 20));
    expect(results).toHaveLength(20);
    for (const result of results) expect(result.errors.body).toMatch(/limit exceeded/);
  });

  it('terminates a worker that overruns the hard deadline, and the next job still runs', async () => {
    pool = new RenderPool({
      size: 1,
      queuePerOrganisation: 5,
      budgetMs: 60_000,
      hardDeadlineMs: 1_500,
    });
    await expect(pool.run('org-a', job(SLOW, 20))).rejects.toBeInstanceOf(RenderTimeoutError);
    await expect(pool.run('org-a', job('ok {{ tokens.n }}'))).resolves.toEqual([
      { texts: { body: 'ok &lt;P0&gt;' }, errors: {} },
    ]);
  });

  it("refuses an organisation's job when its queue is full, not another organisation's", async () => {
    pool = new RenderPool({ size: 1, queuePerOrganisation: 1 });
    const running = pool.run('org-a', job(SLOW));
    const queued = pool.run('org-a', job(SLOW));
    await expect(pool.run('org-a', job('x'))).rejects.toBeInstanceOf(RenderQueueFullError);
    const other = pool.run('org-b', job('b'));
    await expect(Promise.all([running, queued, other])).resolves.toHaveLength(3);
  });
});
