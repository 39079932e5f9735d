import { summariseReport } from './schemathesis-run';

const scenario = (phase: string, label: string, cases: Record<string, string[]>) =>
  JSON.stringify({
    ScenarioFinished: {
      phase,
      recorder: {
        label,
        interactions: Object.fromEntries(Object.keys(cases).map((id) => [id, {}])),
        checks: Object.fromEntries(
          Object.entries(cases).map(([id, failed]) => [
            id,
            [
              {
                name: 'not_a_server_error',
                status: failed.includes('not_a_server_error') ? 'failure' : 'success',
              },
              ...failed
                .filter((name) => name !== 'not_a_server_error')
                .map((name) => ({
                  name,
                  status: 'failure',
                  failure_info: { failure: { title: 'Undocumented status code' } },
                })),
            ],
          ]),
        ),
      },
    },
  });

describe('summariseReport', () => {
  it('counts operations, calls and distinct failures of an NDJSON report', () => {
    const report = [
      JSON.stringify({ Initialize: { seed: 1 } }),
      scenario('coverage', 'POST /a', { c1: [], c2: ['not_a_server_error', 'status_code_conformance'] }),
      scenario('fuzzing', 'POST /a', { f1: ['not_a_server_error'] }),
      scenario('fuzzing', 'GET /b', { f2: [], f3: [] }),
      scenario('stateful', 'Stateful tests', { s1: [] }),
      JSON.stringify({ ScenarioFinished: { phase: 'fuzzing', recorder: { label: 'GET /skipped' } } }),
    ].join('\n');
    expect(summariseReport(report)).toEqual({
      operations: 2,
      calls: 6,
      failures: [
        'POST /a: not_a_server_error',
        'POST /a: status_code_conformance (Undocumented status code)',
      ],
    });
  });
});
