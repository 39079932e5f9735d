import { ValidationError } from '../errors/domain-error';
import { toErrorBody } from '../errors/error-filter';
import { findNulPath, refuseNul } from './request-hardening';

describe('findNulPath', () => {
  it('finds a NUL in a nested string, an array item or an object key', () => {
    expect(findNulPath({ a: { b: 'x\u0000' } })).toBe('a.b');
    expect(findNulPath({ list: ['ok', 'n\u0000'] })).toBe('list.1');
    expect(findNulPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNulPath('\u0000')).toBe('');
  });

  it('passes text without one, and other values', () => {
    expect(findNulPath({ a: 'plain', n: 1, b: true, z: null, list: [{ c: 'é' }] })).toBeNull();
    expect(findNulPath(undefined)).toBeNull();
  });
});

describe('refuseNul', () => {
  it('throws a validation error naming the field', () => {
    let thrown: unknown;
    try {
      refuseNul({ person: { first_name: 'A\u0000' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).fields).toEqual({
      'person.first_name': ['person.first_name must not contain a NUL character'],
    });
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
