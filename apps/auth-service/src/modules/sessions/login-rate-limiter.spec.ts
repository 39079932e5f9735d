import { loadConfig } from '../../config';
import { throttleDelayMs } from './login-rate-limiter';

describe('throttleDelayMs', () => {
  it('does not slow an email down below its failure limit', () => {
    expect(throttleDelayMs(0, 10, 500, 5000)).toBe(0);
    expect(throttleDelayMs(9, 10, 500, 5000)).toBe(0);
  });

  it('adds a step per failure from the limit on, up to the maximum', () => {
    expect(throttleDelayMs(10, 10, 500, 5000)).toBe(500);
    expect(throttleDelayMs(12, 10, 500, 5000)).toBe(1500);
    expect(throttleDelayMs(500, 10, 500, 5000)).toBe(5000);
  });
});

describe('TRUSTED_PROXIES', () => {
  const base = { PORT: '0', DATABASE_URL: 'postgres://localhost/x' };

  it('trusts the local gateway by default', () => {
    expect(loadConfig(base).TRUSTED_PROXIES).toBe('loopback');
  });

  it('reads a number as proxy hops and anything else as addresses', () => {
    expect(loadConfig({ ...base, TRUSTED_PROXIES: '2' }).TRUSTED_PROXIES).toBe(2);
    expect(loadConfig({ ...base, TRUSTED_PROXIES: '10.0.0.0/8,127.0.0.1' }).TRUSTED_PROXIES).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
  });
});
