import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@meridian/server-kit';
import { addMinutes } from '../../common/dates';
import type { AuthConfig } from '../../config';
import type { AttemptKind } from './login-attempt.entity';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { SessionsError } from './sessions.errors';

/**
 * How long to hold a login for an email that failed `failures` times in the window from any
 * address: nothing up to the limit, then `stepMs` more per failure beyond it, at most `maxMs`.
 */
export function throttleDelayMs(failures: number, limit: number, stepMs: number, maxMs: number): number {
  if (failures < limit) return 0;
  return Math.min(maxMs, (failures - limit + 1) * stepMs);
}

/**
 * Counts attempts over a sliding window (LOGIN_FAILURE_WINDOW_MINUTES) in Postgres, so every
 * replica sees the same counts.
 *
 * Logins: an address that failed too often for one email (LOGIN_MAX_FAILURES_PER_EMAIL) is locked
 * out of that email, and one that failed too often overall (LOGIN_MAX_FAILURES_PER_IP) is locked
 * out of every email. Failures for an email from all addresses together never lock it: they
 * only slow every attempt for it down (LOGIN_THROTTLE_STEP_MS per failure beyond the limit, at
 * most LOGIN_THROTTLE_MAX_DELAY_MS), so an attacker spread over many addresses cannot lock the
 * real user out, whose own address has no failures.
 *
 * Reset mails: at most PASSWORD_RESET_MAX_PER_WINDOW per email, and the per-address limit.
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

  /** 429 `TooManyRequestsException` once a lock applies; otherwise waits out the email's slowdown. */
  async assertAllowed(kind: AttemptKind, email: string, ip: string): Promise<void> {
    const counts = await this.attempts.countSince(kind, email.toLowerCase(), ip, this.windowStart());
    const perIp = this.config.LOGIN_MAX_FAILURES_PER_IP;
    if (kind === 'password_reset') {
      if (counts.byEmail >= this.config.PASSWORD_RESET_MAX_PER_WINDOW || counts.byIp >= perIp) {
        throw new SessionsError('TooManyRequestsException');
      }
      return;
    }
    const perEmail = this.config.LOGIN_MAX_FAILURES_PER_EMAIL;
    if (counts.byEmailAndIp >= perEmail || counts.byIp >= perIp) {
      throw new SessionsError('TooManyRequestsException');
    }
    const delay = throttleDelayMs(
      counts.byEmail,
      perEmail,
      this.config.LOGIN_THROTTLE_STEP_MS,
      this.config.LOGIN_THROTTLE_MAX_DELAY_MS,
    );
    if (delay > 0) await sleep(delay);
  }

  record(kind: AttemptKind, email: string, ip: string): Promise<void> {
    return this.attempts.record(kind, email.toLowerCase(), ip, this.windowStart());
  }

  /** After a successful login this address's failures for the email stop counting. */
  clear(kind: AttemptKind, email: string, ip: string): Promise<void> {
    return this.attempts.clear(kind, email.toLowerCase(), ip);
  }
}
