import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@meridian/server-kit';
import { addMinutes } from '../../common/dates';
import type { AuthConfig } from '../../config';
import type { AttemptKind } from './login-attempt.entity';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { SessionsError } from './sessions.errors';

/**
 * Counts attempts per email and per client address over a sliding window
 * (LOGIN_FAILURE_WINDOW_MINUTES) in Postgres, so every replica sees the same counts.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    private readonly attempts: LoginAttemptsRepository,
    @Inject(CONFIG) private readonly config: AuthConfig,
  ) {}

  private windowStart(): Date {
    return addMinutes(new Date(), -this.config.LOGIN_FAILURE_WINDOW_MINUTES);
  }

  /** Failed logins, or reset mails asked for, allowed per email and per client address. */
  private limitsOf(kind: AttemptKind): { perEmail: number; perIp: number } {
    switch (kind) {
      case 'login':
        return {
          perEmail: this.config.LOGIN_MAX_FAILURES_PER_EMAIL,
          perIp: this.config.LOGIN_MAX_FAILURES_PER_IP,
        };
      case 'password_reset':
        return {
          perEmail: this.config.PASSWORD_RESET_MAX_PER_WINDOW,
          perIp: this.config.LOGIN_MAX_FAILURES_PER_IP,
        };
    }
  }

  /** 429 `TooManyRequestsException` once either count reached its limit. */
  async assertAllowed(kind: AttemptKind, email: string, ip: string): Promise<void> {
    const limits = this.limitsOf(kind);
    const counts = await this.attempts.countSince(kind, email.toLowerCase(), ip, this.windowStart());
    if (counts.byEmail >= limits.perEmail || counts.byIp >= limits.perIp) {
      throw new SessionsError('TooManyRequestsException');
    }
  }

  record(kind: AttemptKind, email: string, ip: string): Promise<void> {
    return this.attempts.record(kind, email.toLowerCase(), ip, this.windowStart());
  }

  /** After a successful login the email's failures stop counting. */
  clear(kind: AttemptKind, email: string): Promise<void> {
    return this.attempts.clear(kind, email.toLowerCase());
  }
}
