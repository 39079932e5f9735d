import { clientConfigContract, clientConfigSchema } from '@meridian/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { AUTH_TOKEN_KEY } from './auth-token';
import {
  clientConfigAddress,
  createClientConfigLoader,
  NO_THIRD_PARTIES,
  readClientConfig,
} from './client-config';

const configured = {
  support_widget_url: 'https://widget.support.test/loader.js',
  error_reporting_dsn: 'https://0123abcd@o1.ingest.sentry.test/4242',
  internal_domain: 'meridian.internal',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the client config', () => {
  it('is read at the address of its contract', () => {
    expect(clientConfigAddress).toEqual({
      method: clientConfigContract.method,
      fullPath: clientConfigContract.fullPath,
      access: clientConfigContract.access,
    });
  });

  it.each(
    [
      configured,
      { support_widget_url: null, error_reporting_dsn: null, internal_domain: 'meridian.internal' },
      { ...configured, extra: true },
      { ...configured, support_widget_url: 5 },
      { ...configured, error_reporting_dsn: undefined },
      { ...configured, internal_domain: null },
      null,
      [],
      'text',
    ].map((sample) => [JSON.stringify(sample), sample]),
  )('is read under the rules of its contract schema: %s', (_, sample) => {
    const parsed = clientConfigSchema.safeParse(sample);
    expect(readClientConfig(sample)).toEqual(parsed.success ? parsed.data : null);
  });

  it('is asked for once, without the stored token, and kept for the page', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
    const api = stubApi({ [clientConfigContract.fullPath]: { body: configured } });
    const load = createClientConfigLoader();
    expect(await load()).toEqual(configured);
    expect(await load()).toEqual(configured);
    expect(api.callsTo(clientConfigContract.fullPath)).toEqual([
      { path: clientConfigContract.fullPath, body: undefined, authorization: undefined },
    ]);
  });

  it('means nothing third-party when it cannot be read', async () => {
    stubApi({ [clientConfigContract.fullPath]: { status: 500, body: {} } });
    expect(await createClientConfigLoader()()).toEqual(NO_THIRD_PARTIES);
    expect(await createClientConfigLoader(() => Promise.resolve({ support_widget_url: 1 }))()).toEqual(
      NO_THIRD_PARTIES,
    );
    expect(
      await createClientConfigLoader(() => {
        throw new Error('no network');
      })(),
    ).toEqual(NO_THIRD_PARTIES);
  });
});
