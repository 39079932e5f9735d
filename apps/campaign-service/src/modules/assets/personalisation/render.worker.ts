/**
 * A render worker thread: renders batches of persons and verifies token code off the service's
 * event loop. Each job carries a budget; past it every render in the job fails fast, and the pool
 * terminates a worker whose job overruns its hard deadline anyway.
 */
import type { TokenVerifyResult } from '@meridian/contracts';
import { parentPort } from 'node:worker_threads';
import { LiquidSandbox, type TextMode } from './liquid-sandbox';
import { type RenderedTexts, RenderPlan, type SavedToken } from './render-core';
import { type TokenScope, verifyCode } from './token-code';

export interface RenderBatchJob {
  kind: 'render';
  texts: Record<string, string>;
  modes: Record<string, TextMode>;
  tokens: SavedToken[];
  persons: { variables: Record<string, unknown>; unsubscribeUrl: string }[];
}

export interface VerifyJob {
  kind: 'verify';
  code: string;
  sample: TokenScope;
}

export type RenderJob = RenderBatchJob | VerifyJob;
export type RenderJobResult<J extends RenderJob> = J extends RenderBatchJob
  ? RenderedTexts[]
  : TokenVerifyResult;

export interface WorkerRequest {
  id: number;
  job: RenderJob;
  /** Milliseconds the job may render for. */
  budgetMs: number;
}

export type WorkerReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

const sandbox = new LiquidSandbox();

export function runJob(job: RenderJob): unknown {
  if (job.kind === 'verify') return verifyCode(sandbox, job.code, job.sample);
  const plan = new RenderPlan(sandbox, job.texts, job.tokens, job.modes);
  return job.persons.map((person) => plan.render(person.variables, person.unsubscribeUrl));
}

parentPort?.on('message', ({ id, job, budgetMs }: WorkerRequest) => {
  sandbox.jobDeadline = performance.now() + budgetMs;
  let reply: WorkerReply;
  try {
    reply = { id, ok: true, result: runJob(job) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    sandbox.jobDeadline = Infinity;
  }
  parentPort?.postMessage(reply);
});
