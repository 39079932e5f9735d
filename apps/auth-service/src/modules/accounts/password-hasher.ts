import { Injectable } from '@nestjs/common';
import { argon2id, hash, verify } from 'argon2';

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { type: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
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
