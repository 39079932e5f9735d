import type { ClientConfig } from '@meridian/contracts';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, type ApiErrorInit } from './api-error';
import { NO_THIRD_PARTIES } from './client-config';
import { createErrorHandler } from './error-handling';
import {
  createErrorReporter,
  reportableMessage,
  reportablePageUrl,
  reportablePath,
  sentryEventOf,
  stackFrames,
  storeUrlOf,
  type SentryEvent,
} from './error-reporting';

const DSN = 'https://0123abcd@o1.ingest.sentry.test/4242';
const STORE = 'https://o1.ingest.sentry.test/api/4242/store/?sentry_key=0123abcd&sentry_version=7';

function apiError(overrides: Partial<ApiErrorInit> = {}): ApiError {
  return new ApiError({
    kind: 'http',
    method: 'POST',
    url: '/api/campaign/v1/campaigns/list',
    status: 500,
    body: {
      status_code: 500,
      code: 'InternalServerError',
      description: null,
      fields: {},
      correlation_id: 'corr-1',
    },
    signedInCall: true,
    selfHandled: false,
    ...overrides,
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The app's shared handler with a reporter on a stubbed fetch, as `app.tsx` wires them. */
function setUp(
  config: ClientConfig,
  send: Mock<typeof fetch> = vi.fn(() => Promise.resolve(new Response())),
) {
  const report = createErrorReporter({
    loadConfig: () => Promise.resolve(config),
    send,
    pageUrl: () => 'https://app.meridian.test/campaign/edit/:id',
    now: () => 1_767_225_600_000,
    eventId: () => 'a'.repeat(32),
  });
  const handle = createErrorHandler({
    notify: () => undefined,
    clearSession: () => undefined,
    redirectToLogin: () => undefined,
    schedule: () => undefined,
    report,
  });
  const sent = () =>
    send.mock.calls.map(([url, init]) => ({ url, event: JSON.parse(String(init?.body)) as SentryEvent }));
  return { handle, report, send, sent };
}

describe('the Sentry store endpoint', () => {
  it('is built from the DSN', () => {
    expect(storeUrlOf(DSN)).toBe(STORE);
    expect(storeUrlOf('https://key@errors.acme.test/sentry/7')).toBe(
      'https://errors.acme.test/sentry/api/7/store/?sentry_key=key&sentry_version=7',
    );
  });

  it('is none without a DSN or with one a browser may not use', () => {
    expect(storeUrlOf(null)).toBeNull();
    expect(storeUrlOf('https://key:secret@o1.ingest.sentry.test/4242')).toBeNull();
    expect(storeUrlOf('not a dsn')).toBeNull();
  });
});

describe('reporting failed calls', () => {
  it('sends a 500 to the store endpoint as a minimal event', async () => {
    const { handle, send, sent } = setUp({ ...NO_THIRD_PARTIES, error_reporting_dsn: DSN });
    handle(apiError());
    await vi.waitFor(() => expect(send).toHaveBeenCalledOnce());
    const [{ url, event }] = sent() as [{ url: string; event: SentryEvent }];
    expect(url).toBe(STORE);
    expect(event).toMatchObject({
      event_id: 'a'.repeat(32),
      timestamp: 1_767_225_600,
      platform: 'javascript',
      level: 'error',
      request: { url: 'https://app.meridian.test/campaign/edit/:id' },
      tags: { correlation_id: 'corr-1' },
    });
    expect(event.exception.values[0]).toMatchObject({
      type: 'ApiError',
      value: 'POST /api/campaign/v1/campaigns/list failed with 500 (InternalServerError)',
    });
    expect(send.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  });

  it('sends nothing for a 400', async () => {
    const { handle, send } = setUp({ ...NO_THIRD_PARTIES, error_reporting_dsn: DSN });
    handle(apiError({ status: 400, body: null }));
    handle(
      apiError({
        status: 404,
        body: { status_code: 404, code: 'NotFound', description: 'Gone', fields: {} },
      }),
    );
    await flush();
    expect(send).not.toHaveBeenCalled();
  });

  it('fetches nothing when no DSN is configured', async () => {
    const { handle, send } = setUp(NO_THIRD_PARTIES);
    handle(apiError());
    handle(new Error('crash'));
    await flush();
    expect(send).not.toHaveBeenCalled();
  });

  it('reports one error once, at most ten a minute, and swallows a report that fails', async () => {
    const send = vi.fn(() => Promise.reject(new Error('blocked by the browser')));
    const { report } = setUp({ ...NO_THIRD_PARTIES, error_reporting_dsn: DSN }, send);
    const once = apiError();
    report(once);
    report(once);
    for (let i = 0; i < 20; i += 1) report(apiError());
    await flush();
    expect(send).toHaveBeenCalledTimes(10);
  });
});

describe('what a report carries', () => {
  it('names the API path without its query or ids', () => {
    const error = apiError({
      method: 'GET',
      url: '/api/campaign/v1/persons/7f3c2a10-4b1e-4c8a-9d2f-1a2b3c4d5e6f/export?email=ada@acme.test',
    });
    const event = sentryEventOf(error, { pageUrl: 'https://app.test/', eventId: '0'.repeat(32), nowMs: 0 });
    expect(event.exception.values[0]!.value).toBe(
      'GET /api/campaign/v1/persons/:id/export failed with 500 (InternalServerError)',
    );
    expect(JSON.stringify(event)).not.toContain('ada@acme.test');
  });

  it('keeps route words and replaces ids, tokens and addresses in the page path', () => {
    expect(reportablePath('/password/reset/Qm9vb2tzLWFyZS1ncmVhdC1hbmQtc28tYXJlLXRva2Vucw')).toBe(
      '/password/reset/:id',
    );
    expect(reportablePath('/salesforce/oauth.complete?code=abc')).toBe('/salesforce/oauth.complete');
    expect(reportablePath('/contacts/ada@acme.test')).toBe('/contacts/:id');
    expect(reportablePath('/lists/static-list/3')).toBe('/lists/static-list/:id');
    expect(reportablePageUrl({ origin: 'https://app.test', pathname: '/token/1234' })).toBe(
      'https://app.test/token/:id',
    );
  });

  it('masks addresses, query strings and tokens in messages', () => {
    expect(
      reportableMessage(
        'ada@acme.test failed at https://app.test/x?token=abc with Bearer abc.def and 0123456789abcdefghij0123456789abcdef',
      ),
    ).toBe('[email] failed at https://app.test/x with Bearer [token] and [token]');
    expect(reportableMessage('word '.repeat(100))).toHaveLength(301);
  });

  it('reads Chromium and Firefox stacks, oldest call first, without queries', () => {
    const chromium = [
      'TypeError: x is undefined',
      '    at render (https://app.test/assets/index-abc.js:10:5)',
      '    at async load (https://app.test/assets/index-abc.js?v=2:20:7)',
      '    at https://app.test/assets/vendor.js:1:2',
    ].join('\n');
    expect(stackFrames(chromium)).toEqual([
      { filename: 'https://app.test/assets/vendor.js', function: '?', lineno: 1, colno: 2, in_app: true },
      {
        filename: 'https://app.test/assets/index-abc.js',
        function: 'load',
        lineno: 20,
        colno: 7,
        in_app: true,
      },
      {
        filename: 'https://app.test/assets/index-abc.js',
        function: 'render',
        lineno: 10,
        colno: 5,
        in_app: true,
      },
    ]);
    expect(
      stackFrames('render@https://app.test/assets/index.js:3:4\n@https://app.test/assets/index.js:5:6'),
    ).toEqual([
      { filename: 'https://app.test/assets/index.js', function: '?', lineno: 5, colno: 6, in_app: true },
      { filename: 'https://app.test/assets/index.js', function: 'render', lineno: 3, colno: 4, in_app: true },
    ]);
    expect(stackFrames(undefined)).toEqual([]);
  });

  it('sends a crash with its type, message and stack, and no tags without a correlation id', () => {
    const crash = new TypeError('Cannot read properties of undefined');
    const event = sentryEventOf(crash, {
      pageUrl: 'https://app.test/campaigns',
      eventId: '1'.repeat(32),
      nowMs: 2000,
    });
    expect(event.exception.values[0]).toMatchObject({
      type: 'TypeError',
      value: 'Cannot read properties of undefined',
    });
    expect(event.exception.values[0]!.stacktrace?.frames.length).toBeGreaterThan(0);
    expect(event.tags).toEqual({});
    expect(event.timestamp).toBe(2);
  });
});
