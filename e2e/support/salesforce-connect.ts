import {
  salesforceConnectionCompleteContract,
  salesforceConnectionCreateContract,
  salesforceOAuthLoginContract,
  salesforceOAuthUrlContract,
  salesforceSyncPauseContract,
  salesforceSyncResumeContract,
  type Endpoint,
  type RequestOf,
} from '@meridian/contracts';
import { eventually } from '@meridian/testing';
import { callApi } from './api';

/** A call that must succeed; its answer's body. */
export async function ok<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  token: string,
): Promise<unknown> {
  const answer = await callApi(endpoint, body, token);
  if (answer.status !== 200) {
    throw new Error(`${endpoint.fullPath} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/**
 * Connects the organisation to the browser tier's Salesforce org by API, as the creation modal,
 * the OAuth round trip and the Recommended setup would: create, follow the authorize URL to its
 * redirect, exchange the code, then auto-map and start the sync. Returns the connection id.
 */
export async function connectSalesforce(token: string, name: string): Promise<string> {
  const created = (await ok(salesforceConnectionCreateContract, { name }, token)) as {
    connection: { connection_id: string };
  };
  const connectionId = created.connection.connection_id;
  const { url } = (await ok(salesforceOAuthUrlContract, { connection_id: connectionId }, token)) as {
    url: string;
  };
  // The org approves by itself and redirects to the product's return page with the code.
  const authorize = await fetch(url, { redirect: 'manual' });
  const location = authorize.headers.get('location');
  if (!location) throw new Error(`authorize answered ${authorize.status} without a redirect`);
  const back = new URL(location);
  await ok(
    salesforceOAuthLoginContract,
    {
      connection_id: connectionId,
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    },
    token,
  );
  await ok(
    salesforceConnectionCompleteContract,
    { connection_id: connectionId, automap: true, start_sync: true },
    token,
  );
  return connectionId;
}

/** Asks for a run now (pause, then resume, as the header buttons would); it starts within the minute's tick. */
export async function runSalesforceSyncSoon(token: string, connectionId: string): Promise<void> {
  await ok(salesforceSyncPauseContract, { connection_id: connectionId }, token);
  await ok(salesforceSyncResumeContract, { connection_id: connectionId }, token);
}

/**
 * Waits for an outcome that needs a sync run: asks for a run, watches for `check` over the next
 * stretch (a run in progress is never interrupted by asking again too early), and asks again.
 */
export async function afterSalesforceRuns<T>(
  token: string,
  connectionId: string,
  check: () => Promise<T | undefined | false>,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 360_000;
  for (;;) {
    await runSalesforceSyncSoon(token, connectionId);
    try {
      return await eventually(check, { timeoutMs: 100_000, intervalMs: 2_000, what });
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}
