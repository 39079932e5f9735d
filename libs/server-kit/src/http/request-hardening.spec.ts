import { ValidationError } from '../errors/domain-error';
import { toErrorBody } from '../errors/error-filter';
import {
  findBadText,
  LONE_SURROGATE_MESSAGE,
  NUL_MESSAGE,
  refuseUnstorableText,
  storableText,
} from './request-hardening';

describe('findBadText', () => {
  const nul = (path: string) => ({ path, message: NUL_MESSAGE });
  const half = (path: string) => ({ path, message: LONE_SURROGATE_MESSAGE });

  it('finds a NUL in a nested string, an array item or an object key', () => {
    expect(findBadText({ a: { b: 'x\u0000' } })).toEqual(nul('a.b'));
    expect(findBadText({ list: ['ok', 'n\u0000'] })).toEqual(nul('list.1'));
    expect(findBadText({ ['k\u0000']: 1 })).toEqual(nul('k\u0000'));
    expect(findBadText('\u0000')).toEqual(nul(''));
  });

  it('finds half of a surrogate pair, high or low, alone or at either end', () => {
    expect(findBadText({ name: '\ud800' })).toEqual(half('name'));
    expect(findBadText({ name: 'a\udfff' })).toEqual(half('name'));
    expect(findBadText({ list: ['\ud83d\ude00', '\ude00\ud83d'] })).toEqual(half('list.1'));
    expect(findBadText({ ['\udc00']: 1 })).toEqual(half('\udc00'));
  });

  it('finds one however deep it nests (a template design or a Segment call reaches jsonb whole)', () => {
    const nested = (depth: number, leaf: unknown) => {
      let value = leaf;
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    expect(findBadText(nested(100, 'x\u0000'))).toEqual(nul(Array(100).fill('a').join('.')));
    expect(findBadText(nested(100, { ['\ud800']: 1 }))?.message).toBe(LONE_SURROGATE_MESSAGE);
    // Deeper than any call stack would take.
    let list: unknown = ['\u0000'];
    for (let i = 0; i < 200_000; i++) list = [list];
    expect(findBadText(list)?.message).toBe(NUL_MESSAGE);
    expect(findBadText(nested(200_000, 'clean'))).toBeNull();
  });

  it('reports the first bad text in the order of the request, a key before what it holds', () => {
    expect(findBadText({ a: { b: ['ok', { c: '\u0000' }] }, d: '\u0000' })).toEqual(nul('a.b.1.c'));
    expect(findBadText({ ['k\u0000']: { v: '\u0000' } })).toEqual(nul('k\u0000'));
    expect(findBadText({ a: 'ok' }, ['body'])).toBeNull();
    expect(findBadText({ a: '\u0000' }, ['body'])).toEqual(nul('body.a'));
  });

  it('passes text without one (whole pairs too), and other values', () => {
    expect(
      findBadText({ a: 'plain', n: 1, b: true, z: null, list: [{ c: 'é', d: '\u{1F600}' }] }),
    ).toBeNull();
    expect(findBadText(undefined)).toBeNull();
  });
});

describe('storableText', () => {
  it('drops NUL characters and replaces half surrogate pairs, keeping whole ones', () => {
    expect(storableText('a\u0000b\u0000')).toBe('ab');
    expect(storableText('\ud800x\udc00\u{1F600}')).toBe('\uFFFDx\uFFFD\u{1F600}');
    const clean = 'plain é \u{1F600}';
    expect(storableText(clean)).toBe(clean);
  });
});

describe('refuseUnstorableText', () => {
  const fieldsOf = (value: unknown) => {
    try {
      refuseUnstorableText(value);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).fields;
    }
    throw new Error('not refused');
  };

  it('throws a validation error naming the field', () => {
    expect(fieldsOf({ person: { first_name: 'A\u0000' } })).toEqual({
      'person.first_name': ['person.first_name must not contain a NUL character'],
    });
    expect(fieldsOf({ name: '\ud800' })).toEqual({
      name: [`name ${LONE_SURROGATE_MESSAGE}`],
    });
  });

  it('spells a NUL or a lone surrogate of a key as an escape in the field name, and keeps whole pairs', () => {
    expect(Object.keys(fieldsOf({ ['\u{1F600}\ud800']: 'x' }))).toEqual(['\u{1F600}\\ud800']);
    expect(Object.keys(fieldsOf({ ['a\u0000']: 'x' }))).toEqual(['a\\u0000']);
  });
});

describe('toErrorBody for refusals made before a handler', () => {
  const fastifyError = (code: string, statusCode: number, message = 'x') =>
    Object.assign(new Error(message), { code, statusCode });

  it.each([
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'BadRequestException', 'The request body is not valid JSON'],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'PayloadTooLargeException', 'Request is too large'],
    [
      'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      415,
      'UnsupportedMediaTypeException',
      'Unsupported content type: send application/json',
    ],
  ])('%s is a %i %s', (code, status, name, description) => {
    expect(toErrorBody(fastifyError(code, status))).toMatchObject({
      status_code: status,
      code: name,
      description,
      fields: {},
    });
  });

  it("maps the multipart parser's errors to a 400, and leaves other plain errors a 500", () => {
    for (const message of [
      'Multipart: Boundary not found',
      'Unexpected end of multipart data',
      'Unexpected end of form',
    ]) {
      expect(toErrorBody(new Error(message))).toMatchObject({
        status_code: 400,
        code: 'BadRequestException',
      });
    }
    expect(toErrorBody(new Error('connection terminated'))).toMatchObject({ status_code: 500 });
    expect(toErrorBody(new TypeError('Unexpected end of form'))).toMatchObject({ status_code: 500 });
  });
});
