import { openAsBlob } from 'node:fs';
import {
  contactFileMatchContract,
  contactFileStatusContract,
  contactFileUploadContract,
  contactsImportContract,
} from '@meridian/contracts';

async function post(
  base: string,
  token: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2));

/**
 * Upload, match, import and wait: the whole path a user takes. The file is streamed,
 * not read into memory. Answers the outcome and each phase's seconds.
 */
export async function productImport(
  base: string,
  token: string,
  file: string,
  options: Record<string, boolean>,
) {
  let phase = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(file), 'contacts.csv');
  const uploaded = await fetch(`${base}${contactFileUploadContract.fullPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const { filepath } = (await uploaded.json()) as { filepath: string };
  const phases = { upload: seconds(phase), match: 0, import: 0 };
  phase = performance.now();
  const preview = await post(base, token, contactFileMatchContract.fullPath, { filepath });
  phases.match = seconds(phase);
  phase = performance.now();
  await post(base, token, contactsImportContract.fullPath, { filepath, ...options });
  for (;;) {
    const status = await post(base, token, contactFileStatusContract.fullPath, { filepath });
    if (status.stage !== 'importing') {
      phases.import = seconds(phase);
      return { preview_status: preview.status, stage: status.stage, result: status.result, phases };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
