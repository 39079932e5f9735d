import { randomBytes } from 'node:crypto';
import { CredentialsCipher, LOCAL_DEFAULT_KEYS, credentialKeysSchema } from './credentials-cipher';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe(CredentialsCipher.name, () => {
  it('seals with a fresh nonce each time and opens what it sealed', () => {
    const cipher = new CredentialsCipher([key('k1')]);
    const a = cipher.seal('{"password":"s3cret"}', 'connection:o:c');
    const b = cipher.seal('{"password":"s3cret"}', 'connection:o:c');
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from('s3cret'))).toBe(false);
    expect(cipher.open(a, 'connection:o:c')).toBe('{"password":"s3cret"}');
  });

  it('refuses a secret moved to another row (the context is bound in)', () => {
    const cipher = new CredentialsCipher([key('k1')]);
    const sealed = cipher.seal('x', 'connection:o:c1');
    expect(() => cipher.open(sealed, 'connection:o:c2')).toThrow();
  });

  it('refuses a tampered secret', () => {
    const cipher = new CredentialsCipher([key('k1')]);
    const sealed = cipher.seal('x', 'ctx');
    sealed[sealed.length - 1] ^= 1;
    expect(() => cipher.open(sealed, 'ctx')).toThrow();
  });

  it('rotates: a new first key seals, old keys still open, old seals are stale', () => {
    const old = key('2025');
    const sealedBefore = new CredentialsCipher([old]).seal('x', 'ctx');
    const rotated = new CredentialsCipher([key('2026'), old]);
    expect(rotated.open(sealedBefore, 'ctx')).toBe('x');
    expect(rotated.isStale(sealedBefore)).toBe(true);
    expect(rotated.isStale(rotated.seal('x', 'ctx'))).toBe(false);
    expect(() => new CredentialsCipher([key('2026')]).open(sealedBefore, 'ctx')).toThrow(
      'Credentials were sealed with key 2025, which is not configured',
    );
  });

  it('parses the key list and rejects short keys and repeated ids', () => {
    expect(credentialKeysSchema.parse(LOCAL_DEFAULT_KEYS)).toHaveLength(1);
    const good = `a:${randomBytes(32).toString('base64')}, b:${randomBytes(32).toString('base64')}`;
    expect(credentialKeysSchema.parse(good).map((k) => k.id)).toEqual(['a', 'b']);
    expect(credentialKeysSchema.safeParse(`a:${randomBytes(16).toString('base64')}`).success).toBe(false);
    const twice = `a:${randomBytes(32).toString('base64')},a:${randomBytes(32).toString('base64')}`;
    expect(credentialKeysSchema.safeParse(twice).success).toBe(false);
    expect(credentialKeysSchema.safeParse('').success).toBe(false);
  });
});
