// Every benchmark in bench/: how to start it, and the sizes of a quick run (a smoke check that the
// wiring works; its figures are not the benchmark's). Full sizes are each benchmark's defaults.
export const BENCHMARKS = [
  { name: 'csv-import', entry: 'bench/csv-import/main.ts', quick: { ROWS: '2000' }, timeoutMinutes: 120 },
  {
    name: 'render',
    entry: 'bench/render/main.ts',
    quick: { PERSONS: '3000', ROUNDS: '1' },
    timeoutMinutes: 30,
  },
  // Its only size is the two pages it loads: a quick run is a full run.
  { name: 'web', entry: 'bench/web/run.mjs', quick: {}, timeoutMinutes: 30 },
  {
    name: 'contacts',
    entry: 'bench/contacts/main.ts',
    quick: { ROWS: '2000', REQUESTS: '20' },
    timeoutMinutes: 120,
  },
  {
    name: 'audience',
    entry: 'bench/audience/main.ts',
    quick: { PERSONS: '2000', EVENTS: '20000', RUNS: '1' },
    timeoutMinutes: 180,
  },
  { name: 'send', entry: 'bench/send/main.ts', quick: { PERSONS: '1000' }, timeoutMinutes: 60 },
  {
    name: 'tracking',
    entry: 'bench/tracking/main.ts',
    quick: { SECONDS: '1', ROUNDS: '2', MESSAGES: '200' },
    timeoutMinutes: 30,
  },
  {
    name: 'reports',
    entry: 'bench/reports/main.ts',
    quick: { EVENTS: '20000', CAMPAIGNS: '5', RUNS: '4', REQUESTS: '10' },
    timeoutMinutes: 180,
  },
  { name: 'ingest', entry: 'bench/ingest/main.ts', quick: { SECONDS: '1', ROUNDS: '2' }, timeoutMinutes: 30 },
  { name: 'sync', entry: 'bench/sync/main.ts', quick: { ROWS: '2000' }, timeoutMinutes: 180 },
  {
    name: 'salesforce',
    entry: 'bench/salesforce/main.ts',
    quick: { PULL_ROWS: '2000', PUSH_ROWS: '500' },
    timeoutMinutes: 60,
  },
];
