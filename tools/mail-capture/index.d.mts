// Types of the local mail capture, for TypeScript callers (tests, tooling).
import type { FastifyInstance } from 'fastify';

export interface MailCaptureLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface MailCapture {
  port: number;
  close(): Promise<void>;
}

export function startMailCapture(options: {
  smtpPort: number;
  databaseUrl: string;
  host?: string;
  logger?: MailCaptureLogger;
}): Promise<MailCapture>;

export interface CapturedMailSummary {
  id: string;
  received_at: string;
  from: string;
  to: string[];
  subject: string;
}

export interface CapturedMail extends CapturedMailSummary {
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
}

export interface CapturedMailPage {
  records: CapturedMailSummary[];
  total_count: number;
  page_count: number;
}

export interface MailCaptureApi {
  listMessages(query?: {
    page_number?: number | string;
    page_size?: number | string;
    to?: string;
  }): Promise<CapturedMailPage>;
  getMessage(id: string | number): Promise<CapturedMail | null>;
  deleteAll(): Promise<{ deleted_count: number }>;
  close(): Promise<void>;
}

export function createMailCaptureApi(databaseUrl: string): MailCaptureApi;

export function registerMailCaptureRoutes(app: FastifyInstance, api: MailCaptureApi): void;

export class MailCaptureQueryError extends Error {
  readonly fields: Record<string, string[]>;
}
