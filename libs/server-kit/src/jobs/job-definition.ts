import { DiscoveryService } from '@nestjs/core';
import { Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { z } from 'zod';

/** Options a job type applies to every enqueue unless the call says otherwise. */
export interface JobDefaults {
  maxAttempts?: number;
  queueName?: string;
  priority?: number;
}

/**
 * A job type: its name in the queue and the zod schema of its payload. Producers
 * enqueue through it and handlers process it, so both sides share one type.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: S;
  readonly defaults: JobDefaults;
}

/** What `enqueue` accepts for a job type (before defaults and transforms). */
export type JobPayloadInput<D extends JobDefinition> = z.input<D['payload']>;
/** What a handler receives (after parsing). */
export type JobPayload<D extends JobDefinition> = z.output<D['payload']>;

const JOB_NAME = /^[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*$/;

export function defineJob<S extends z.ZodType>(
  name: string,
  payload: S,
  defaults: JobDefaults = {},
): JobDefinition<S> {
  if (!JOB_NAME.test(name))
    throw new Error(`Job name "${name}" must be lowercase words joined by ".", "_" or "-"`);
  return Object.freeze({ name, payload, defaults: Object.freeze({ ...defaults }) });
}

/** What a handler knows about the run in progress. */
export interface JobContext {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  maxAttempts: number;
  /** Carried over from whoever enqueued the job; every log line of the run has it. */
  correlationId: string;
  /** The service logger, scoped to this job. */
  logger: Logger;
  /** Aborted when the worker shuts down; long handlers should stop at a safe point. */
  signal: AbortSignal;
  /** Set when a cron item scheduled the job. */
  cron?: { ts: string; backfilled: boolean };
}

export interface JobHandler<D extends JobDefinition> {
  handle(payload: JobPayload<D>, context: JobContext): Promise<void>;
}

/** A job type with its handler, ready to be registered with the worker. */
export interface JobTask<D extends JobDefinition = JobDefinition> extends JobHandler<D> {
  readonly definition: D;
}

/** A task as a plain function, for handlers that need nothing injected. */
export function jobTask<D extends JobDefinition>(
  definition: D,
  handle: (payload: JobPayload<D>, context: JobContext) => Promise<void>,
): JobTask<D> {
  return { definition, handle };
}

/** Marks providers found at bootstrap; the metadata is the job definition. */
export const JobProcessorMarker = DiscoveryService.createDecorator<JobDefinition>();

/**
 * Makes an injectable class the handler of a job type. Feature modules list the
 * class in their providers as usual; the worker finds it at bootstrap.
 *
 *   @JobProcessor(sendBatchJob)
 *   export class SendBatchProcessor implements JobHandler<typeof sendBatchJob> { ... }
 */
export function JobProcessor<D extends JobDefinition>(definition: D) {
  return <C extends new (...args: never[]) => JobHandler<D>>(target: C): void => {
    Injectable()(target);
    JobProcessorMarker(definition)(target);
  };
}

/** A recurring job. Patterns are crontab lines (minute precision, UTC). */
export interface JobCronItem<D extends JobDefinition = JobDefinition> {
  job: D;
  match: string;
  payload?: JobPayloadInput<D>;
  /** Unique per schedule; defaults to the job name. Renaming it loses the backfill history. */
  identifier?: string;
  /** After downtime, runs missed within this window are scheduled on start. Default 0: none. */
  backfillPeriodMs?: number;
  maxAttempts?: number;
  queueName?: string;
  priority?: number;
  jobKey?: string;
}

/** Typed constructor for a cron item, so the payload is checked against the job. */
export function cronItem<D extends JobDefinition>(
  job: D,
  match: string,
  options: Omit<JobCronItem<D>, 'job' | 'match'> = {},
): JobCronItem<D> {
  return { job, match, ...options };
}
