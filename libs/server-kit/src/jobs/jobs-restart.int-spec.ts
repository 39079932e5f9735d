import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createTestDatabase, eventually, type TestDatabase } from '@meridian/testing';
import { Client } from 'pg';
import { createLogger, runWithCorrelation } from '../logging/logger';
import { LoggerModule } from '../logging/logger.module';
import { JobQueue } from './job-queue';
import { JobsModule } from './jobs.module';
import { CREATE_RUNS_TABLE, markRunJob, RUNS_TABLE } from './testing/mark-run.job';

const SCHEMA = 'restart';
const REGISTER_TS = join(__dirname, '../../../testing/src/register-ts.cjs');
const FIXTURE = join(__dirname, 'testing/restart-worker.fixture.ts');

interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  output: () => string;
}

describe('JobsModule across a process restart', () => {
  let db: TestDatabase;
  let sql: Client;
  let producer: INestApplicationContext;
  let queue: JobQueue;
  const started: ChildProcess[] = [];

  /** A separate Node process running the jobs module, as a service pod would. */
  async function startWorker(): Promise<WorkerProcess> {
    const child = spawn(process.execPath, ['-r', REGISTER_TS, FIXTURE], {
      env: { ...process.env, JOBS_FIXTURE_DATABASE_URL: db.url, JOBS_FIXTURE_SCHEMA: SCHEMA },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    started.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code, signal) =>
        reject(new Error(`worker exited before ready (${signal ?? code}):\n${output}`)),
      );
    });
    return { child, pid: child.pid!, output: () => output };
  }

  async function stopWorker(worker: WorkerProcess): Promise<void> {
    // 'close', not 'exit': only then has all of the child's output been read.
    const exited = new Promise<void>((resolve) => worker.child.once('close', () => resolve()));
    worker.child.kill('SIGTERM');
    await exited;
  }

  beforeAll(async () => {
    db = await createTestDatabase('meridian_test', { empty: true });
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(CREATE_RUNS_TABLE);
    // This process only enqueues, as an API pod would; the children do the work.
    producer = await NestFactory.createApplicationContext(
      {
        module: class ProducerModule {},
        imports: [
          LoggerModule.forRoot(createLogger('jobs-producer', 'silent')),
          JobsModule.forService({ schema: SCHEMA, databaseUrl: db.url, worker: false }),
        ],
      },
      { logger: false, abortOnError: false },
    );
    queue = producer.get(JobQueue);
  });

  afterAll(async () => {
    for (const child of started) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await producer?.close();
    await sql?.end();
    await db?.drop();
  });

  it('runs a delayed job exactly once, after its time, in the process started after the one that stopped', async () => {
    const first = await startWorker();
    const marker = randomUUID();
    const job = await runWithCorrelation('restart-correlation', () =>
      queue.enqueue(undefined, markRunJob, { marker }, { runAt: new Date(Date.now() + 3000) }),
    );

    await stopWorker(first);
    // The first process ended without touching the job: it waits in the queue.
    const waiting = await sql.query(`select attempts from ${SCHEMA}_jobs.jobs where id = $1`, [job.id]);
    expect(waiting.rows).toEqual([{ attempts: 0 }]);
    expect((await sql.query(`select 1 from ${RUNS_TABLE}`)).rowCount).toBe(0);

    const second = await startWorker();
    // A completed job leaves the queue; once it is gone no further run can happen.
    await eventually(
      async () => {
        const pending = await sql.query(`select 1 from ${SCHEMA}_jobs.jobs where id = $1`, [job.id]);
        return pending.rowCount === 0;
      },
      { what: `job ${job.id} to complete; worker output:\n${second.output()}` },
    );

    const runs = await sql.query<{
      marker: string;
      pid: number;
      correlation_id: string;
      attempt: number;
      after_due: boolean;
    }>(`select marker, pid, correlation_id, attempt, ran_at >= $1 as after_due from ${RUNS_TABLE}`, [
      job.runAt,
    ]);
    expect(runs.rows).toEqual([
      { marker, pid: second.pid, correlation_id: 'restart-correlation', attempt: 1, after_due: true },
    ]);
    await stopWorker(second);
  });
});
