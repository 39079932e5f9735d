import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createTestDatabase, eventually, type TestDatabase } from '@meridian/testing';
import { Client } from 'pg';
import { createLogger } from '../logging/logger';
import { LoggerModule } from '../logging/logger.module';
import { JobQueue } from './job-queue';
import { JobsModule } from './jobs.module';
import { CREATE_RUNS_TABLE, markRunJob, RUNS_TABLE } from './testing/mark-run.job';

const SCHEMA = 'severed';
const REGISTER_TS = join(__dirname, '../../../testing/src/register-ts.cjs');
const FIXTURE = join(__dirname, 'testing/restart-worker.fixture.ts');

describe('a job worker whose database connections are terminated', () => {
  let db: TestDatabase;
  let sql: Client;
  let producer: INestApplicationContext;
  let queue: JobQueue;
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    db = await createTestDatabase('meridian_test', { empty: true });
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(CREATE_RUNS_TABLE);
    // The producer's pool is named apart, so terminating the worker's leaves it alone.
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
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await producer?.close();
    await sql?.end();
    await db?.drop();
  });

  async function ran(marker: string): Promise<boolean> {
    const rows = await sql.query(`select 1 from ${RUNS_TABLE} where marker = $1`, [marker]);
    return rows.rowCount === 1;
  }

  it('stays up and runs the next jobs after every connection of its pool is cut', async () => {
    child = spawn(process.execPath, ['-r', REGISTER_TS, FIXTURE], {
      env: { ...process.env, JOBS_FIXTURE_DATABASE_URL: db.url, JOBS_FIXTURE_SCHEMA: SCHEMA },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const exited = new Promise<string>((resolve) =>
      child!.once('exit', (code, signal) => resolve(`exited (${signal ?? code})`)),
    );
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await Promise.race([
      new Promise<void>((resolve) => child!.once('message', () => resolve())),
      exited.then((how) => Promise.reject(new Error(`worker ${how} before ready:\n${output}`))),
    ]);
    const before = randomUUID();
    await queue.enqueue(undefined, markRunJob, { marker: before });
    await eventually(() => ran(before), { what: 'the first job to run' });

    const cutAll = () =>
      sql.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = $1 and pid <> pg_backend_pid()`,
        [`meridian-${SCHEMA}_jobs-worker`],
      );
    for (let round = 0; round < 3; round++) {
      // Every connection the worker holds (runner, LISTEN, cron), idle or mid-job, as a failover
      // or an operator would cut them; jobs are running and completing while it happens.
      const markers = Array.from({ length: 100 }, () => randomUUID());
      for (const marker of markers) await queue.enqueue(undefined, markRunJob, { marker });
      for (let cut = 0; cut < 5; cut++) {
        await cutAll();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const outcome = await Promise.race([
        eventually(
          async () => {
            const done = await sql.query(
              `select count(*)::int as n from ${RUNS_TABLE} where marker = any($1)`,
              [markers],
            );
            return (done.rows[0] as { n: number }).n >= markers.length;
          },
          { what: `the jobs around cut ${round + 1}`, timeoutMs: 90_000 },
        ).then(
          () => 'ran',
          async (error: Error) => {
            const jobs = await sql.query(
              `select id, locked_by, locked_at, attempts, last_error, run_at from ${SCHEMA}_jobs.jobs limit 5`,
            );
            return `${error.message}\njobs: ${JSON.stringify(jobs.rows)}\nworker output:\n${output.slice(-6000)}`;
          },
        ),
        exited,
      ]);
      expect({ outcome, output: outcome === 'ran' ? '' : output }).toEqual({ outcome: 'ran', output: '' });
    }
    expect(child.exitCode).toBeNull();
  }, 600_000);
});
