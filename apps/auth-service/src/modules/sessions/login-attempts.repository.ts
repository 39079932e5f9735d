import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { type AttemptKind, LoginAttemptEntity } from './login-attempt.entity';

/** Attempts counted in the window: for the email from anywhere, from the address, and for the pair. */
export interface AttemptCounts {
  byEmail: number;
  byIp: number;
  byEmailAndIp: number;
}

@Injectable()
export class LoginAttemptsRepository {
  constructor(
    @InjectRepository(LoginAttemptEntity) private readonly attempts: Repository<LoginAttemptEntity>,
  ) {}

  async countSince(kind: AttemptKind, email: string, ip: string, since: Date): Promise<AttemptCounts> {
    const [row] = await this.attempts.query(
      `SELECT
         (SELECT count(*) FROM auth.login_attempts WHERE kind = $1 AND email = $2 AND attempted_at > $4)::int AS "byEmail",
         (SELECT count(*) FROM auth.login_attempts WHERE kind = $1 AND ip = $3 AND attempted_at > $4)::int AS "byIp",
         (SELECT count(*) FROM auth.login_attempts
           WHERE kind = $1 AND email = $2 AND ip = $3 AND attempted_at > $4)::int AS "byEmailAndIp"`,
      [kind, email, ip, since],
    );
    return row as AttemptCounts;
  }

  /** Records an attempt and drops this email's and address's rows that left the window. */
  async record(kind: AttemptKind, email: string, ip: string, windowStart: Date): Promise<void> {
    await this.attempts.insert({ kind, email, ip });
    await this.attempts.query(
      `DELETE FROM auth.login_attempts WHERE kind = $1 AND (email = $2 OR ip = $3) AND attempted_at <= $4`,
      [kind, email, ip, windowStart],
    );
  }

  /** Forgets the failures of this email from this address only: another address's stay counted. */
  async clear(kind: AttemptKind, email: string, ip: string): Promise<void> {
    await this.attempts.delete({ kind, email, ip });
  }
}
