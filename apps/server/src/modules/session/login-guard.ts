import type { Queryable } from '../../db/database';
import { randomCaptchaText, renderCaptcha } from '../../lib/captcha-image';
import { AppError } from '../../lib/errors';
import { LoginGuardRepository } from './login-guard.repository';

/** After this many recent failures (per account or per address) a captcha is demanded. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** After this many failures an account is locked for LOCK_MINUTES. */
export const LOCK_ACCOUNT_AFTER = 5;
/** An address gets more room, since several people may share it. */
export const LOCK_ADDRESS_AFTER = 20;
export const LOCK_MINUTES = 10;
/** Failures older than this are forgotten. */
const WINDOW_MINUTES = 30;
const CAPTCHA_TTL_SECONDS = 60;

const POLICY = {
  windowMinutes: WINDOW_MINUTES,
  lockAccountAfter: LOCK_ACCOUNT_AFTER,
  lockAddressAfter: LOCK_ADDRESS_AFTER,
  lockMinutes: LOCK_MINUTES,
};

/**
 * Slows guessing: failed sign-ins are counted per account and per address (in the
 * database, so every API node sees them); a few failures demand a captcha, more lock.
 */
export class LoginGuard {
  private readonly repo: LoginGuardRepository;

  constructor(db: Queryable) {
    this.repo = new LoginGuardRepository(db);
  }

  /** Throws when the account or address is locked, or a needed captcha is missing or wrong. */
  async check(username: string, ip: string, captcha: string | undefined, checkKey: string | undefined) {
    const rows = await this.repo.recentFailures(username.toLowerCase(), ip, WINDOW_MINUTES);
    const now = Date.now();
    for (const row of rows) {
      if (row.locked_until && row.locked_until.getTime() > now) {
        const minutes = Math.max(1, Math.ceil((row.locked_until.getTime() - now) / 60_000));
        throw new AppError(429, row.scope === 'user' ? 'auth.locked' : 'auth.ip_locked', { minutes });
      }
    }
    const needsCaptcha = rows.some((r) => r.failures >= CAPTCHA_AFTER_FAILURES);
    if (!needsCaptcha) return;
    if (!captcha || !checkKey)
      throw new AppError(400, 'auth.captcha_required', {}, { captchaRequired: true });
    if (!(await this.consumeCaptcha(checkKey, captcha))) {
      throw new AppError(400, 'auth.captcha_invalid', {}, { captchaRequired: true });
    }
  }

  /** Counts a failure; returns whether the next attempt will need a captcha. */
  async recordFailure(username: string, ip: string): Promise<boolean> {
    const failures = await this.repo.recordFailure(username.toLowerCase(), ip, POLICY);
    return failures.some((n) => n >= CAPTCHA_AFTER_FAILURES);
  }

  /** A successful sign-in clears the account's count (the address keeps its own). */
  async recordSuccess(username: string): Promise<void> {
    await this.repo.clearAccountFailures(username.toLowerCase());
  }

  /** Issues a captcha for a client-chosen key and returns it as an image data URL. */
  async issueCaptcha(key: string): Promise<string> {
    const text = randomCaptchaText();
    await this.repo.saveCaptcha(key, text, CAPTCHA_TTL_SECONDS);
    return renderCaptcha(text);
  }

  /** One use per captcha, compared case-insensitively. */
  private async consumeCaptcha(key: string, answer: string): Promise<boolean> {
    return (await this.repo.takeCaptcha(key))?.toLowerCase() === answer.trim().toLowerCase();
  }
}
