import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SEGMENT_MAX_BATCH_BYTES, segmentCallTypes } from '@meridian/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type IngestRequest, SegmentIngestService } from './segment-ingest.service';

/**
 * The body as received. Its bytes sit in a private field: the service's request hooks look for
 * NUL characters through every enumerable property, which would walk a Buffer byte by byte.
 */
class RawBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** Compressed bodies are checked again once inflated; this only caps what is read off the wire. */
const WIRE_LIMIT = SEGMENT_MAX_BATCH_BYTES * 2;
const ACCEPTED = '{"success":true}';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The Segment HTTP Tracking API (`/v1/track` ... `/v1/batch`), public and authenticated by the
 * write key. Plain Fastify routes in their own plugin: they read the raw body whatever its
 * content type or encoding (Segment clients send JSON, gzipped or not), and skip Nest's guard
 * and pipes, which a bearer-less hot path does not need. Errors go to the service's error handler
 * (the one error body).
 */
@Injectable()
export class SegmentIngestRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly ingest: SegmentIngestService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register((scope, _options, done) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WIRE_LIMIT },
        (_request, body, parsed) => parsed(null, new RawBody(body as Buffer)),
      );
      for (const path of [...segmentCallTypes, 'batch'] as const) {
        scope.post(`/v1/${path}`, (request, reply) => this.handle(path, request, reply));
      }
      // analytics.js and some libraries post a batch to /v1/b.
      scope.post('/v1/b', (request, reply) => this.handle('batch', request, reply));
      done();
    });
  }

  private async handle(path: IngestRequest['path'], request: FastifyRequest, reply: FastifyReply) {
    await this.ingest.ingest({
      path,
      authorization: header(request, 'authorization'),
      contentEncoding: header(request, 'content-encoding'),
      body: request.body instanceof RawBody ? request.body.bytes : Buffer.alloc(0),
    });
    return reply.code(200).header('content-type', 'application/json').send(ACCEPTED);
  }
}
