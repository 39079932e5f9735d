import type { Endpoint } from '@meridian/contracts';
import request from 'supertest';
import type { HttpTarget } from '../auth-factories';

/** The value at a slot's path (the first, for arrays). */
export function ownerIdIn(input: Record<string, unknown>, path: string): unknown {
  let node: unknown = input;
  for (const step of path.split('.')) {
    const key = step.replace(/\[\]$/, '');
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (step.endsWith('[]')) node = (node as unknown[] | undefined)?.[0];
  }
  return node;
}

/** The request: path parameters put into the path, the rest as body (POST) or query (GET). */
/** A multipart route's file part: its other fields are the request's (the contract declares none). */
export interface UploadPart {
  field: string;
  filename: string;
  content: string;
}

export function send(
  target: HttpTarget,
  endpoint: Endpoint,
  input: Record<string, unknown>,
  bearer: string,
  upload?: UploadPart,
) {
  const rest = { ...input };
  const path = endpoint.fullPath.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = String(rest[name]);
    delete rest[name];
    return encodeURIComponent(value);
  });
  const auth = { Authorization: `Bearer ${bearer}` };
  if (upload) {
    let multipart = request(target).post(path).set(auth);
    for (const [name, value] of Object.entries(rest)) multipart = multipart.field(name, String(value));
    return multipart.attach(upload.field, Buffer.from(upload.content), upload.filename);
  }
  return endpoint.method === 'GET'
    ? request(target)
        .get(path)
        .query(rest as Record<string, string>)
        .set(auth)
    : request(target).post(path).set(auth).send(rest);
}
