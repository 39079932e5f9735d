/**
 * The browser tier's Salesforce org (started by e2e/run.mjs, see salesforce-peer.ts), as the tests
 * reach it: its URL, and its admin API to seed, change and read records outside the API, as an
 * administrator in the Salesforce UI would.
 */
export type SalesforceRecord = Record<string, unknown> & { Id: string };

export const salesforceUrl = process.env.E2E_SALESFORCE_URL ?? '';

async function admin<T>(method: string, ...args: unknown[]): Promise<T> {
  const base = process.env.E2E_SALESFORCE_ADMIN_URL;
  if (!base)
    throw new Error('E2E_SALESFORCE_ADMIN_URL is not set: run the browser tests through e2e/run.mjs');
  const response = await fetch(`${base}/admin/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const answer = (await response.json()) as { result?: T; error?: string };
  if (response.status !== 200)
    throw new Error(`Salesforce admin ${method}: ${answer.error ?? response.status}`);
  return answer.result as T;
}

export const salesforceOrg = {
  seed: (object: string, rows: Array<Record<string, unknown>>) => admin<string[]>('seed', object, rows),
  records: (object: string) => admin<SalesforceRecord[]>('records', object),
  record: (object: string, id: string) => admin<SalesforceRecord | null>('record', object, id),
  find: (object: string, field: string, value: unknown) =>
    admin<SalesforceRecord[]>('find', object, field, value),
  count: (object: string) => admin<number>('count', object),
  edit: (object: string, id: string, changes: Record<string, unknown>) =>
    admin<null>('edit', object, id, changes),
  remove: (object: string, id: string) => admin<null>('remove', object, id),
  addField: (object: string, input: { name: string; type: string; label?: string }) =>
    admin<unknown>('addField', object, input),
  setFieldAccess: (object: string, field: string, access: { readable?: boolean; editable?: boolean }) =>
    admin<null>('setFieldAccess', object, field, access),
  /** Rejects writes of records whose `field` equals `equals` with FIELD_CUSTOM_VALIDATION_EXCEPTION. */
  addValidationRule: (rule: { object: string; message: string; field: string; equals: unknown }) =>
    admin<null>('addValidationRule', rule),
  clearRules: () => admin<null>('clearRules'),
  calls: () => admin<Record<string, number>>('calls'),
  totalCalls: () => admin<number>('totalCalls'),
  apiLimit: () => admin<{ max: number; remaining: number }>('apiLimit'),
  setDailyApiRequests: (max: number, remaining?: number) =>
    admin<null>('setDailyApiRequests', max, remaining),
  expireSessions: () => admin<null>('expireSessions'),
  denyNextAuthorization: () => admin<null>('denyNextAuthorization'),
};
