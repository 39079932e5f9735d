// Types of gateway.mjs for the TypeScript tests.
import type { FastifyInstance } from 'fastify';

export const API_BODY_LIMIT: number;

export function startGateway(options: {
  port: number;
  host?: string;
  routes: { prefix: string; upstream: string }[];
  webRoot: string;
  extraOrigins?: string[];
  registerExtras?: (app: FastifyInstance) => Promise<void> | void;
}): Promise<FastifyInstance>;
