import { parseOptions } from '@node-rs/argon2';
import { PasswordHasher } from './password-hasher';

/**
 * Made by the `argon2` package (0.45.1, node-argon2) that hashed passwords
 * before: argon2id, m=19456, t=2, p=1. Accounts created then must still log in.
 */
const LEGACY_PASSWORD = 'correct horse battery staple';
const LEGACY_HASH =
  '$argon2id$v=19$m=19456,p=1,t=2$BOunCx7mp0+XYD8vYELwrg$uCx1h8qJsIDNP3no6Z4UKeiO0fuduFyyHfqqTVYOn80';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('verifies a hash made by the previous argon2 library', async () => {
    await expect(hasher.verify(LEGACY_HASH, LEGACY_PASSWORD)).resolves.toBe(true);
    await expect(hasher.verify(LEGACY_HASH, 'correct horse battery stapl')).resolves.toBe(false);
  });

  it('hashes with argon2id and at least the previous parameters', async () => {
    const hashed = await hasher.hash('a new password');
    expect(hashed.startsWith('$argon2id$v=19$')).toBe(true);
    const params = parseOptions(hashed);
    const legacy = parseOptions(LEGACY_HASH);
    expect(params.memoryCost).toBeGreaterThanOrEqual(legacy.memoryCost);
    expect(params.timeCost).toBeGreaterThanOrEqual(legacy.timeCost);
    expect(params.outputLen).toBeGreaterThanOrEqual(legacy.outputLen);
    expect(params.saltLen).toBeGreaterThanOrEqual(16);
    await expect(hasher.verify(hashed, 'a new password')).resolves.toBe(true);
    await expect(hasher.verify(hashed, 'another password')).resolves.toBe(false);
  });

  it('answers false, not an error, without a hash or with a malformed one', async () => {
    await expect(hasher.verify(null, 'dummy password, never matches a real one')).resolves.toBe(false);
    await expect(hasher.verify(undefined, 'anything')).resolves.toBe(false);
    await expect(hasher.verify('not a hash', 'anything')).resolves.toBe(false);
  });
});
