import { describe, expect, it } from 'vitest';
import {
  hasUnsavedChanges,
  normaliseHeaders,
  normalisePayload,
  toChanges,
  toFormValues,
  validateWebhookForm,
  type StoredWebhook,
  type WebhookFormValues,
} from './webhook-form';

const stored: StoredWebhook = {
  description: 'Tell the CRM',
  method: 'POST',
  url: 'https://hooks.acme.com/in',
  headers: { 'Content-Type': 'application/json', 'x-api-key': 'k-1' },
  payload: '{"email": "{{ person.email }}"}',
};

const values = (overrides: Partial<WebhookFormValues> = {}): WebhookFormValues => ({
  ...toFormValues(stored),
  ...overrides,
});

describe('webhook form values', () => {
  it('puts content-type in its fixed row, whatever its case, and keeps the other headers in order', () => {
    expect(toFormValues(stored)).toEqual({
      description: 'Tell the CRM',
      method: 'POST',
      url: 'https://hooks.acme.com/in',
      content_type: 'application/json',
      headers: [{ key: 'x-api-key', value: 'k-1' }],
      payload: '{"email": "{{ person.email }}"}',
    });
  });

  it('starts empty fields of a new webhook as empty text', () => {
    expect(toFormValues({ description: '', method: 'POST', url: '', headers: {}, payload: null })).toEqual({
      description: '',
      method: 'POST',
      url: '',
      content_type: '',
      headers: [],
      payload: '',
    });
  });
});

describe(normaliseHeaders.name, () => {
  it('trims keys and values, keeps keys in lower case and drops rows with a blank key', () => {
    expect(
      normaliseHeaders(' text/plain ', [
        { key: '  X-Trace ', value: '  abc  ' },
        { key: '   ', value: 'lost' },
        { key: '', value: '' },
        { key: 'X-Empty', value: '   ' },
      ]),
    ).toEqual({ 'content-type': 'text/plain', 'x-trace': 'abc', 'x-empty': '' });
  });

  it('leaves content-type out when its row is blank, and ignores a second content-type row', () => {
    expect(
      normaliseHeaders('  ', [
        { key: 'Content-Type', value: 'text/html' },
        { key: 'a', value: 'b' },
      ]),
    ).toEqual({
      a: 'b',
    });
  });
});

describe(normalisePayload.name, () => {
  it('sends an empty or blank payload as null and keeps any other text as written', () => {
    expect(normalisePayload('')).toBeNull();
    expect(normalisePayload(' \n\t ')).toBeNull();
    expect(normalisePayload(' {"a": 1}\n')).toBe(' {"a": 1}\n');
  });
});

describe(validateWebhookForm.name, () => {
  it('accepts a complete webhook', () => {
    expect(validateWebhookForm(values())).toEqual({});
  });

  it('requires a description', () => {
    expect(validateWebhookForm(values({ description: '   ' }))).toEqual({
      description: 'Description should not be empty',
    });
  });

  it.each(['', 'hooks.acme.com', 'ftp://acme.com/x', 'javascript:alert(1)', 'http://', 'https://acme .com'])(
    'rejects %j as url',
    (url) => {
      expect(validateWebhookForm(values({ url })).url).toBe('Please enter a valid url');
    },
  );

  it('accepts http and https urls with ports, queries and placeholders', () => {
    expect(validateWebhookForm(values({ url: 'http://127.0.0.2:8080/hook?x=1' }))).toEqual({});
    expect(validateWebhookForm(values({ url: ' https://hooks.acme.com/{{ person.id }} ' }))).toEqual({});
  });

  it('reports every failing rule at once', () => {
    expect(validateWebhookForm(values({ description: '', url: 'nope', content_type: '' }))).toEqual({
      description: 'Description should not be empty',
      url: 'Please enter a valid url',
      content_type: 'Content-type is required, when payload is present',
    });
  });

  it('reports a header name that cannot be sent', () => {
    expect(validateWebhookForm(values({ headers: [{ key: 'bad name', value: 'x' }] })).headers).toBe(
      'Invalid header name',
    );
  });

  it('requires a content-type only when there is a payload', () => {
    expect(validateWebhookForm(values({ content_type: ' ' })).content_type).toBe(
      'Content-type is required, when payload is present',
    );
    expect(validateWebhookForm(values({ content_type: '', payload: '  ' }))).toEqual({});
  });
});

describe(toChanges.name, () => {
  it('builds the update from trimmed fields, the header map and a null empty payload', () => {
    expect(
      toChanges(
        values({
          description: ' Tell the CRM ',
          url: ' https://hooks.acme.com/in ',
          headers: [
            { key: ' x-api-key ', value: ' k-2 ' },
            { key: '', value: 'x' },
          ],
          payload: '',
        }),
      ),
    ).toEqual({
      description: 'Tell the CRM',
      method: 'POST',
      url: 'https://hooks.acme.com/in',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k-2' },
      payload: null,
    });
  });
});

describe(hasUnsavedChanges.name, () => {
  it('is clean for the stored values and for changes a save would drop', () => {
    expect(hasUnsavedChanges(values(), stored)).toBe(false);
    expect(
      hasUnsavedChanges(values({ headers: [...values().headers, { key: ' ', value: '' }] }), stored),
    ).toBe(false);
    expect(hasUnsavedChanges(values({ description: 'Tell the CRM  ' }), stored)).toBe(false);
  });

  it('is dirty when a field, a header or the payload changes', () => {
    expect(hasUnsavedChanges(values({ method: 'PUT' }), stored)).toBe(true);
    expect(hasUnsavedChanges(values({ headers: [{ key: 'x-api-key', value: 'k-9' }] }), stored)).toBe(true);
    expect(hasUnsavedChanges(values({ payload: '' }), stored)).toBe(true);
  });
});
