import { Injectable } from '@nestjs/common';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Algorithm.Argon2id. The package declares its enum as an ambient const enum,
 * which isolated-module compilation cannot read, so the value is spelled here.
 */
const ARGON2ID: Algorithm.Argon2id = 2;

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). The
 * package ships prebuilt binaries for every platform, so installs need no
 * compiler; hashes stay standard PHC strings, so hashes made before verify.
 */
export const HASH_OPTIONS: Readonly<Options> = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
};

@Injectable()
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, HASH_OPTIONS);
  }

  /**
   * Checks a password against a hash. Without a hash (unknown email, no
   * password) it still checks against a dummy one, so the answer takes as long
   * either way and does not tell whether the account exists.
   */
  async verify(passwordHash: string | null | undefined, password: string): Promise<boolean> {
    this.dummyHash ??= this.hash('dummy password, never matches a real one');
    const target = passwordHash ?? (await this.dummyHash);
    try {
      const matches = await verify(target, password);
      return matches && Boolean(passwordHash);
    } catch {
      return false;
    }
  }
}
