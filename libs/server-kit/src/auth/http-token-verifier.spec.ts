import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toErrorBody } from '../errors/error-filter';
import { AuthUnavailableError, HttpTokenVerifier } from './http-token-verifier';

describe(HttpTokenVerifier.name, () => {
  let server: Server;
  let status = 500;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      if (status === 0) {
        // An answer that breaks off: its headers, half a body, then the connection goes.
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
        response.write('{"account":');
        setTimeout(() => response.destroy(), 20);
        return;
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  it('answers no session when auth refuses the token', async () => {
    status = 401;
    await expect(new HttpTokenVerifier(url()).verify('token')).resolves.toBeNull();
  });

  it('is unavailable (503 in the error body), not failing, when auth fails itself', async () => {
    status = 502;
    const error = await new HttpTokenVerifier(url()).verify('token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthUnavailableError);
    expect((error as AuthUnavailableError).reason).toBe('auth service answered 502 to token.verify');
    expect(toErrorBody(error)).toMatchObject({
      status_code: 503,
      code: 'ServiceUnavailableException',
      description: 'Service unavailable',
    });
  });

  it('is unavailable when the answer breaks off', async () => {
    status = 0;
    const error = await new HttpTokenVerifier(url()).verify('token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthUnavailableError);
    expect(toErrorBody(error)).toMatchObject({ status_code: 503, code: 'ServiceUnavailableException' });
  });

  it('is unavailable when auth cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await new HttpTokenVerifier(`http://127.0.0.1:${port}`)
      .verify('token')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthUnavailableError);
    expect(toErrorBody(error)).toMatchObject({ status_code: 503, code: 'ServiceUnavailableException' });
  });
});
