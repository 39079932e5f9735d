import { promisify } from 'node:util';
import { gunzip, inflate } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import {
  SEGMENT_MAX_BATCH_BYTES,
  SEGMENT_MAX_CALL_BYTES,
  type SegmentCallType,
  type SegmentErrorKind,
  segmentMessages,
} from '@meridian/contracts';
import { DomainError, findBadText } from '@meridian/server-kit';
import { batchCallWriter, overCallLimit } from './segment-batch-calls';
import { ESCAPED_BAD_TEXT, refused, type RefusedCall } from './segment-calls';
import { SegmentInboxRepository } from './segment-inbox.repository';
import { bucketOf, SegmentRecordsRepository } from './segment-records.repository';
import { SegmentRelay } from './segment-relay.service';
import { SegmentWriteKeys } from './segment-write-keys.service';

const gunzipAsync = promisify(gunzip);
const inflateAsync = promisify(inflate);

export interface IngestRequest {
  /** `batch` for /v1/batch, else the call type of the path. */
  path: SegmentCallType | 'batch';
  authorization: string | undefined;
  contentEncoding: string | undefined;
  body: Buffer;
}

/** The write key of a `Basic base64(writeKey:)` header (Segment's scheme), or null. */
export function basicWriteKey(header: string | undefined): string | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const key = decoded.split(':')[0] ?? '';
  return key === '' ? null : key;
}

type Json = Record<string, unknown>;

/**
 * The Tracking API's intake: authenticates the write key, decodes gzip/deflate, checks the
 * limits and that the body is JSON, then stores each call with one COPY before answering.
 * Call-level checks (ids, event names, timestamps) happen in the relay, which records refused
 * calls as errors; what is refused here (too large, not JSON) is recorded here, once the key is known.
 */
@Injectable()
export class SegmentIngestService {
  constructor(
    private readonly keys: SegmentWriteKeys,
    private readonly inbox: SegmentInboxRepository,
    private readonly records: SegmentRecordsRepository,
    private readonly relay: SegmentRelay,
  ) {}

  async ingest(request: IngestRequest): Promise<void> {
    const receivedAt = new Date();
    const headerKey = basicWriteKey(request.authorization);
    let organisationId = headerKey ? await this.requireOrganisation(headerKey) : null;
    const limit = request.path === 'batch' ? SEGMENT_MAX_BATCH_BYTES : SEGMENT_MAX_CALL_BYTES;
    const bytes = await this.decoded(request, limit);
    const text = bytes?.toString('utf8') ?? '';
    if (!bytes) {
      if (organisationId)
        await this.refuse(organisationId, 'PayloadTooLarge', tooLarge(request.path), '', receivedAt);
      throw badRequest('PayloadTooLargeException', tooLarge(request.path));
    }
    let body: Json;
    try {
      body = JSON.parse(text) as Json;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    } catch {
      if (organisationId)
        await this.refuse(organisationId, 'InvalidJson', segmentMessages.invalidJson, text, receivedAt);
      throw badRequest('InvalidJsonException', segmentMessages.invalidJson);
    }
    if (!organisationId) {
      const bodyKey = typeof body.writeKey === 'string' && body.writeKey !== '' ? body.writeKey : null;
      if (!bodyKey) throw unauthorized(segmentMessages.missingWriteKey);
      organisationId = await this.requireOrganisation(bodyKey);
    }
    // Postgres stores neither U+0000 nor half a surrogate pair, and JSON reaches either only through
    // a \u escape: most bodies are passed without looking at their calls.
    const suspect = ESCAPED_BAD_TEXT.test(text);
    if (suspect && request.path !== 'batch' && findBadText(body) !== null) {
      await this.refuse(organisationId, 'InvalidText', segmentMessages.invalidText, text, receivedAt);
      throw badRequest('ValidationException', segmentMessages.invalidText);
    }
    const { payloads, errors } = this.split(organisationId, request.path, body, receivedAt, suspect);
    if (request.path === 'batch' && !Array.isArray(body.batch)) {
      await this.refuse(organisationId, 'InvalidCall', segmentMessages.batchNotArray, text, receivedAt);
      throw badRequest('ValidationException', segmentMessages.batchNotArray);
    }
    await this.inbox.copy(organisationId, receivedAt, payloads);
    if (errors.length > 0) await this.recordRefused(errors);
    this.relay.wake();
  }

  private async requireOrganisation(key: string): Promise<string> {
    const organisationId = await this.keys.organisationOf(key);
    if (!organisationId) throw unauthorized(segmentMessages.invalidWriteKey);
    return organisationId;
  }

  /** The body, decompressed; null when it exceeds the limit (compressed or not). */
  private async decoded(request: IngestRequest, limit: number): Promise<Buffer | null> {
    const encoding = (request.contentEncoding ?? 'identity').toLowerCase().trim();
    if (encoding === 'identity' || encoding === '') return request.body.length > limit ? null : request.body;
    if (encoding !== 'gzip' && encoding !== 'deflate') {
      throw new DomainError('UnsupportedMediaTypeException', {
        status: 415,
        description: `Content-Encoding ${encoding} is not supported`,
      });
    }
    try {
      const inflateBody = encoding === 'gzip' ? gunzipAsync : inflateAsync;
      return await inflateBody(request.body, { maxOutputLength: limit });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
      throw badRequest('InvalidJsonException', `Body is not valid ${encoding} data`);
    }
  }

  /** Each call as the JSON the inbox stores, batch defaults applied; calls over 32 KB are refused. */
  private split(organisationId: string, path: IngestRequest['path'], body: Json, at: Date, suspect: boolean) {
    const payloads: string[] = [];
    const errors: RefusedCall[] = [];
    if (path !== 'batch') {
      const call: Json = { ...body, type: body.type ?? path };
      delete call.writeKey;
      payloads.push(JSON.stringify(call));
      return { payloads, errors };
    }
    if (!Array.isArray(body.batch)) return { payloads, errors };
    const callJson = batchCallWriter(body);
    for (const item of body.batch as unknown[]) {
      const json = callJson(item);
      if (suspect && findBadText(item) !== null) {
        errors.push(refused(organisationId, 'InvalidText', segmentMessages.invalidText, json, at));
        continue;
      }
      if (overCallLimit(json)) {
        const call = item !== null && typeof item === 'object' ? (item as Json) : { value: item };
        errors.push(refused(organisationId, 'PayloadTooLarge', segmentMessages.callTooLarge, json, at, call));
      } else payloads.push(json);
    }
    return { payloads, errors };
  }

  private async refuse(
    organisationId: string,
    kind: SegmentErrorKind,
    description: string,
    raw: string,
    at: Date,
  ) {
    await this.recordRefused([refused(organisationId, kind, description, raw, at)]);
  }

  private async recordRefused(errors: RefusedCall[]): Promise<void> {
    await this.records.recordErrors(errors);
    await this.records.addCounts(
      errors.map((e) => ({
        organisation_id: e.organisation_id,
        kind: 'error',
        bucket: bucketOf(e.time_created),
        count: 1,
      })),
    );
  }
}

function tooLarge(path: IngestRequest['path']): string {
  return path === 'batch' ? segmentMessages.batchTooLarge : segmentMessages.callTooLarge;
}

/** Segment answers 400 to what it will never accept; its clients do not retry a 400. */
function badRequest(code: string, description: string): DomainError {
  return new DomainError(code, { status: 400, description });
}

function unauthorized(description: string): DomainError {
  return new DomainError('InvalidWriteKeyException', { status: 401, description });
}
