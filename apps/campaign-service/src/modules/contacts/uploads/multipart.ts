import multipart from '@fastify/multipart';
import { refuseUnstorableText } from '@meridian/server-kit';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { UploadsError } from './uploads.errors';

/** Registers multipart parsing on the app's Fastify instance: one file, a few small fields. */
export async function registerMultipart(
  fastify: { register: (plugin: typeof multipart, options: object) => unknown },
  maxBytes: number,
): Promise<void> {
  await fastify.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });
}

export interface UploadedPart {
  filename: string;
  file: Readable & { truncated?: boolean };
}

/**
 * Reads a multipart request: text fields before the file, then the file as a
 * stream handed to `store` (so nothing is buffered). Exactly one `file` part.
 */
export async function readUpload<T>(
  request: FastifyRequest,
  store: (file: UploadedPart, fields: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new UploadsError('InvalidFileException', 'Upload a .csv file as multipart form data');
  const fields: Record<string, string> = {};
  let result: { value: T } | null = null;
  try {
    for await (const part of request.parts()) {
      refuseUnstorableText(part.fieldname);
      if (part.type === 'field') {
        refuseUnstorableText(part.value, [part.fieldname]);
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname !== 'file' || result) {
        part.file.resume();
        throw new UploadsError('InvalidFileException', 'Upload one file in the field "file"');
      } else {
        refuseUnstorableText(part.filename, ['filename']);
        result = { value: await store({ filename: part.filename, file: part.file }, fields) };
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new UploadsError('InvalidFileException', 'Upload one file in the field "file"');
    }
    // The busboy limits on the form's other parts: said in words, not the library's.
    if (code === 'FST_FIELDS_LIMIT') {
      throw new UploadsError('InvalidFileException', 'Send at most 10 form fields with the file');
    }
    throw error;
  }
  if (!result) throw new UploadsError('InvalidFileException', 'Choose a .csv file to upload');
  return result.value;
}
