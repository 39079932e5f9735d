/**
 * A render worker thread: renders batches of persons and verifies token code off the service's
 * event loop. Each job carries a budget; past it every render in the job fails fast, and the pool
 * terminates a worker whose job overruns its hard deadline anyway.
 */
import type { TokenVerifyResult } from '@meridian/contracts';
import { parentPort } from 'node:worker_threads';
import { LiquidSandbox, type TextMode } from './liquid-sandbox';
import { type RenderedTexts, RenderPlan, type SavedToken } from './render-core';
import { ResultPacker } from './render-results';
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

/**
 * A render job's result arrives packed (see render-results); the pool unpacks it. `ready` comes
 * once, when the worker has loaded its code: the pool's hard deadline counts from then.
 */
export type WorkerReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string } | { ready: true };

const sandbox = new LiquidSandbox();
/** The last batch's output per person: the next batch (usually the same texts) sizes its buffer by it. */
let bytesPerPerson = 0;

/** The job's result and the buffers to move with it. */
export function runJob(job: RenderJob): { result: unknown; transfer: ArrayBuffer[] } {
  if (job.kind === 'verify') return { result: verifyCode(sandbox, job.code, job.sample), transfer: [] };
  const plan = new RenderPlan(sandbox, job.texts, job.tokens, job.modes);
  const packer = new ResultPacker(Object.keys(job.texts), job.persons.length, bytesPerPerson || undefined);
  // Each person's texts are packed as soon as they are rendered, so none outlives its render.
  for (const person of job.persons) packer.add(plan.render(person.variables, person.unsubscribeUrl));
  bytesPerPerson = packer.bytesPerPerson;
  const { packed, transfer } = packer.finish();
  return { result: packed, transfer };
}

parentPort?.on('message', ({ id, job, budgetMs }: WorkerRequest) => {
  sandbox.jobDeadline = performance.now() + budgetMs;
  let reply: WorkerReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = runJob(job);
    reply = { id, ok: true, result: done.result };
    transfer = done.transfer;
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    sandbox.jobDeadline = Infinity;
  }
  parentPort?.postMessage(reply, transfer);
});

parentPort?.postMessage({ ready: true } satisfies WorkerReply);
