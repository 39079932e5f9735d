import { DomainError } from '@meridian/server-kit';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type PackedResults, unpackResults } from './render-results';
import type { RenderJob, RenderJobResult, WorkerReply, WorkerRequest } from './render.worker';

export interface RenderPoolOptions {
  /** Worker threads. */
  size: number;
  /** Jobs one organisation may have waiting; past it its new jobs are refused at once. */
  queuePerOrganisation: number;
  /** Milliseconds a job may render for; past it every render in the job fails fast. */
  budgetMs?: number;
  /** Milliseconds after which a worker still busy with a job is terminated and replaced. */
  hardDeadlineMs?: number;
  /**
   * Node options of the worker threads; by default the process's own, so a process started with
   * a TypeScript hook (a benchmark, the test tiers) gives its workers that hook too.
   */
  workerExecArgv?: string[];
}

export const RENDER_POOL_DEFAULTS = { budgetMs: 2_000, hardDeadlineMs: 4_000 } as const;

/** Persons per render job: small enough that other organisations' jobs interleave with a big send. */
export const RENDER_BATCH_PERSONS = 200;

export const renderPoolMessages = {
  queueFull: 'Too many personalisation requests of this organisation are waiting. Please try again shortly',
  timedOut: 'Personalisation took too long and was stopped',
} as const;

/** The organisation has too many jobs waiting (429 in the one error body). */
export class RenderQueueFullError extends DomainError {
  constructor() {
    super('TooManyRequestsException', { description: renderPoolMessages.queueFull });
  }
}

/** A job overran its hard deadline (or its worker died): its worker was replaced. */
export class RenderTimeoutError extends Error {
  override name = 'RenderTimeoutError';
  constructor() {
    super(renderPoolMessages.timedOut);
  }
}

interface Task {
  id: number;
  orgId: string;
  job: RenderJob;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer?: NodeJS.Timeout;
  /** The worker has loaded its code (a cold start on a busy machine takes seconds). */
  ready: boolean;
  startup?: NodeJS.Timeout;
}

/** A worker that has not loaded its code by then is replaced. */
const STARTUP_DEADLINE_MS = 60_000;

const ext = extname(__filename);
const WORKER_FILE = join(__dirname, `render.worker${ext}`);

/**
 * Worker threads that run untrusted personalisation off the event loop. Fair across organisations:
 * each has its own bounded queue, free workers take jobs from the organisations in turn, and one
 * organisation never holds every worker (with two or more), so another's request is answered while
 * a runaway text is being stopped.
 */
export class RenderPool {
  private readonly queues = new Map<string, Task[]>();
  private readonly running = new Map<string, number>();
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;
  private readonly budgetMs: number;
  private readonly hardDeadlineMs: number;

  constructor(private readonly options: RenderPoolOptions) {
    this.budgetMs = options.budgetMs ?? RENDER_POOL_DEFAULTS.budgetMs;
    this.hardDeadlineMs = options.hardDeadlineMs ?? RENDER_POOL_DEFAULTS.hardDeadlineMs;
  }

  run<J extends RenderJob>(orgId: string, job: J): Promise<RenderJobResult<J>> {
    if (this.closed) return Promise.reject(new Error('The render pool is closed'));
    const queue = this.queues.get(orgId) ?? [];
    if (queue.length >= this.options.queuePerOrganisation) return Promise.reject(new RenderQueueFullError());
    return new Promise<RenderJobResult<J>>((resolvePromise, reject) => {
      queue.push({
        id: this.nextId++,
        orgId,
        job,
        resolve: resolvePromise as (value: unknown) => void,
        reject,
      });
      this.queues.set(orgId, queue);
      this.dispatch();
    });
  }

  /** Nest calls this when the application closes. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values())
      for (const task of queue) task.reject(new Error('The render pool is closed'));
    this.queues.clear();
    await Promise.all(this.slots.map((slot) => this.stop(slot)));
    this.slots.length = 0;
  }

  /** Most workers one organisation may hold: all but one, so the others always have one. */
  private get perOrganisation(): number {
    return Math.max(1, this.options.size - 1);
  }

  /** The next task in turn: the first organisation (in rotation order) below its share of workers. */
  private take(): Task | null {
    for (const [orgId, queue] of this.queues) {
      if ((this.running.get(orgId) ?? 0) >= this.perOrganisation) continue;
      const task = queue.shift();
      // Served organisations go to the back of the rotation.
      this.queues.delete(orgId);
      if (queue.length > 0) this.queues.set(orgId, queue);
      if (task) return task;
    }
    return null;
  }

  private dispatch(): void {
    if (this.closed) return;
    for (;;) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot && this.slots.length < this.options.size) slot = this.spawn();
      if (!slot) return;
      const task = this.take();
      if (!task) return;
      this.start(slot, task);
    }
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    slot.worker.ref();
    this.running.set(task.orgId, (this.running.get(task.orgId) ?? 0) + 1);
    if (slot.ready) this.arm(slot);
    const request: WorkerRequest = { id: task.id, job: task.job, budgetMs: this.budgetMs };
    try {
      slot.worker.postMessage(request);
    } catch (error) {
      // A job that cannot be sent (a value that does not clone) fails alone; the worker stays.
      this.finish(slot);
      task.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * The job's hard deadline, from when its worker can run it: counting a cold worker's start
   * would time out the first job of every fresh worker on a loaded machine, and every
   * replacement is cold again.
   */
  private arm(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.fail(slot, new RenderTimeoutError()), this.hardDeadlineMs);
  }

  private finish(slot: Slot): Task | null {
    const task = slot.task;
    clearTimeout(slot.timer);
    slot.task = null;
    slot.worker.unref();
    if (task) {
      const count = (this.running.get(task.orgId) ?? 1) - 1;
      if (count > 0) this.running.set(task.orgId, count);
      else this.running.delete(task.orgId);
    }
    return task;
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_FILE, {
      execArgv: this.options.workerExecArgv ?? process.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    // Idle workers do not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, task: null, ready: false };
    slot.startup = setTimeout(() => this.fail(slot, new RenderTimeoutError()), STARTUP_DEADLINE_MS);
    slot.startup.unref();
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        clearTimeout(slot.startup);
        if (slot.task) this.arm(slot);
        return;
      }
      if (slot.task?.id !== reply.id) return;
      const task = this.finish(slot);
      if (reply.ok) this.settle(task, reply.result);
      else task?.reject(new Error(reply.message));
      this.dispatch();
    });
    worker.on('error', () => this.fail(slot, new RenderTimeoutError()));
    worker.on('exit', () => this.fail(slot, new RenderTimeoutError()));
    this.slots.push(slot);
    return slot;
  }

  /** Resolves a task with its worker's result, render results unpacked. */
  private settle(task: Task | null, result: unknown): void {
    if (!task) return;
    try {
      task.resolve(task.job.kind === 'render' ? unpackResults(result as PackedResults) : result);
    } catch (error) {
      task.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** The slot's job failed hard (deadline, crash, out of memory): reject it, replace the worker. */
  private fail(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const task = this.finish(slot);
    task?.reject(error);
    void this.stop(slot);
    this.dispatch();
  }

  private async stop(slot: Slot): Promise<void> {
    clearTimeout(slot.startup);
    slot.worker.removeAllListeners();
    // A terminated worker must not be reported again.
    slot.worker.on('error', () => undefined);
    await slot.worker.terminate();
  }
}
