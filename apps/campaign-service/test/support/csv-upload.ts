import { contactFileUploadContract, contactFileStatusContract } from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import type { CampaignTestApp } from './campaign-test-app';

/** Uploads CSV content (string or bytes) as the multipart `file` part. */
export function uploadCsv(
  t: CampaignTestApp,
  who: SignedIn,
  content: string | Buffer,
  filename = 'contacts.csv',
) {
  return t
    .http()
    .post(contactFileUploadContract.fullPath)
    .set('Authorization', `Bearer ${who.bearer}`)
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), filename);
}

export async function uploadedPath(
  t: CampaignTestApp,
  who: SignedIn,
  content: string | Buffer,
): Promise<string> {
  const response = await uploadCsv(t, who, content).expect(200);
  return (response.body as { filepath: string }).filepath;
}

/** Polls file.status until the import leaves `importing`. */
export async function importFinished(t: CampaignTestApp, who: SignedIn, filepath: string) {
  return eventually(
    async () => {
      const response = await t.call(contactFileStatusContract, { filepath }, who).expect(200);
      return response.body.stage === 'importing'
        ? undefined
        : (response.body as {
            stage: string;
            result: { new_records: number; records_updated: number } | null;
            error: string | null;
          });
    },
    { what: 'the import to finish', timeoutMs: 30_000 },
  );
}
