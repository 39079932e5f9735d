import {
  webhookFieldsSchema,
  webhookMessages,
  webhookNameUpdateContract,
  webhookPreviewContract,
  webhookUpdateContract,
} from './webhooks.contract';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('webhooks contract', () => {
  const valid = { description: 'Sends the signup', url: 'https://hooks.example.com/in', payload: '{"a":1}' };

  it('fills a new save with POST, the application/json content-type and a 10 s timeout', () => {
    expect(webhookFieldsSchema.parse(valid)).toEqual({
      ...valid,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      timeout: 10,
    });
  });

  it('rejects an empty description and an invalid url with the spec messages', () => {
    const result = webhookFieldsSchema.safeParse({ ...valid, description: '  ', url: 'ftp://example.com/x' });
    expect(messagesOf(result)).toEqual({
      description: webhookMessages.descriptionEmpty,
      url: webhookMessages.invalidUrl,
    });
  });

  it.each(['not a url', 'example.com/path', 'javascript:alert(1)', 'file:///etc/passwd', 'http://'])(
    'rejects the url %s',
    (url) => {
      expect(messagesOf(webhookFieldsSchema.safeParse({ ...valid, url }))).toEqual({
        url: webhookMessages.invalidUrl,
      });
    },
  );

  it('accepts placeholders in the url path', () => {
    expect(
      webhookFieldsSchema.safeParse({ ...valid, url: 'https://api.example.com/users/{{ person.id }}' })
        .success,
    ).toBe(true);
  });

  it('requires a content-type when a payload is present', () => {
    const result = webhookFieldsSchema.safeParse({
      ...valid,
      headers: { 'content-type': ' ', 'x-key': 'v' },
    });
    expect(messagesOf(result)).toEqual({ 'headers.content-type': webhookMessages.contentTypeRequired });
  });

  it('drops blank header keys, trims keys and values, and sends an empty payload as null', () => {
    const parsed = webhookFieldsSchema.parse({
      ...valid,
      payload: '   ',
      headers: { ' Content-Type ': ' text/plain ', '  ': 'ignored', ' X-Trace ': ' 1 ' },
    });
    expect(parsed.payload).toBeNull();
    expect(parsed.headers).toEqual({ 'content-type': 'text/plain', 'x-trace': '1' });
  });

  it('accepts no content-type without a payload', () => {
    expect(webhookFieldsSchema.safeParse({ ...valid, payload: null, headers: {} }).success).toBe(true);
  });

  it('refuses header values that would split the request', () => {
    expect(webhookFieldsSchema.safeParse({ ...valid, headers: { 'x-a': 'a\r\nHost: evil' } }).success).toBe(
      false,
    );
  });

  it('checks names of at least 3 characters on rename and update', () => {
    expect(
      messagesOf(webhookNameUpdateContract.request.safeParse({ webhook_id: 'webhook-abcde', name: ' ab ' })),
    ).toEqual({
      name: webhookMessages.nameTooShort,
    });
    expect(
      webhookUpdateContract.request.safeParse({ ...valid, webhook_id: 'webhook-abcde', name: 'ab' }).success,
    ).toBe(false);
    expect(webhookUpdateContract.request.parse({ ...valid, webhook_id: 'webhook-abcde' }).webhook_id).toBe(
      'webhook-abcde',
    );
  });

  it('needs exactly one person to preview as', () => {
    const base = { url: 'https://hooks.example.com', payload: null };
    expect(messagesOf(webhookPreviewContract.request.safeParse({ ...base, person_ids: [] }))).toEqual({
      person_ids: webhookMessages.personRequired,
    });
    expect(
      webhookPreviewContract.request.safeParse({
        ...base,
        person_ids: [{ id: '3f1c2a9e-8d4b-4c1a-9f2e-0b7d6a5c4e31' }],
      }).success,
    ).toBe(true);
  });

  it('bounds the timeout to 1..30 seconds', () => {
    expect(messagesOf(webhookFieldsSchema.safeParse({ ...valid, timeout: 0 }))).toEqual({
      timeout: webhookMessages.timeoutRange,
    });
    expect(messagesOf(webhookFieldsSchema.safeParse({ ...valid, timeout: 31 }))).toEqual({
      timeout: webhookMessages.timeoutRange,
    });
  });
});
