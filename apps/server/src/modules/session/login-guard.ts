import type { Queryable } from '../../db/database';
import { randomCaptchaText, renderCaptcha } from '../../lib/captcha-image';
import { AppError } from '../../lib/errors';
import { type FailureScope, LoginGuardRepository } from './login-guard.repository';

/** After this many recent failures (per account, address or both) a captcha is demanded. */
export const CAPTCHA_AFTER_FAILURES = 3;
/**
 * One account from one address is locked for LOCK_MINUTES after this many failures: the guesser
 * stops there, while the account's owner, from another address, is not locked out.
 */
export const LOCK_PAIR_AFTER = 5;
/** An address gets more room, since several people may share it. */
export const LOCK_ADDRESS_AFTER = 20;
export const LOCK_MINUTES = 10;
/**
 * Guessing from many addresses is slowed per account: from this many failures on, each failure
 * holds every sign-in of the account for 1, 2, 4 … seconds (at most MAX_DELAY_SECONDS), so that
 * fewer than 100 guesses an hour reach one account (OWASP ASVS 2.2.1) while its owner waits
 * seconds, never a lock.
 */
export const DELAY_ACCOUNT_AFTER = 5;
export const MAX_DELAY_SECONDS = 60;
/** Failures older than this are forgotten. */
const WINDOW_MINUTES = 30;
const CAPTCHA_TTL_SECONDS = 60;

const POLICY = {
  windowMinutes: WINDOW_MINUTES,
  delayAccountAfter: DELAY_ACCOUNT_AFTER,
  maxDelaySeconds: MAX_DELAY_SECONDS,
  lockPairAfter: LOCK_PAIR_AFTER,
  lockAddressAfter: LOCK_ADDRESS_AFTER,
  lockMinutes: LOCK_MINUTES,
};

/** Which hold refuses first: the longer locks, then the account's short delay. */
const HOLD_ORDER: Record<FailureScope, number> = { user_ip: 0, ip: 1, user: 2 };

/**
 * Slows guessing: failed sign-ins (and wrong current passwords) are counted per account, per
 * address and per account from an address (in the database, so that every API node sees them);
 * a few failures demand a captcha, more lock the pair or the address and delay the account.
 */
export class LoginGuard {
  private readonly repo: LoginGuardRepository;

  constructor(db: Queryable) {
    this.repo = new LoginGuardRepository(db);
  }

  /** Throws when the account, the address or the pair is held; answers whether a captcha is due. */
  async refuseHeld(username: string, ip: string): Promise<{ captchaDue: boolean }> {
    const rows = await this.repo.recentFailures(username.toLowerCase(), ip, WINDOW_MINUTES);
    const now = Date.now();
    const held = rows
      .filter((r) => r.locked_until && r.locked_until.getTime() > now)
      .sort((a, b) => HOLD_ORDER[a.scope] - HOLD_ORDER[b.scope]);
    const hold = held[0];
    if (hold?.locked_until) {
      const ms = hold.locked_until.getTime() - now;
      if (hold.scope === 'user')
        throw new AppError(429, 'auth.slowed', { seconds: Math.max(1, Math.ceil(ms / 1000)) });
      const minutes = Math.max(1, Math.ceil(ms / 60_000));
      throw new AppError(429, hold.scope === 'ip' ? 'auth.ip_locked' : 'auth.locked', { minutes });
    }
    return { captchaDue: rows.some((r) => r.failures >= CAPTCHA_AFTER_FAILURES) };
  }

  /** Throws when the account or address is held, or a needed captcha is missing or wrong. */
  async check(username: string, ip: string, captcha: string | undefined, checkKey: string | undefined) {
    const { captchaDue } = await this.refuseHeld(username, ip);
    if (!captchaDue) return;
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

  /**
   * The right password clears the account's count and that of the account from `ip` (other
   * addresses' locks stay); without an address (a reset by phone) every lock of the account goes.
   */
  async recordSuccess(username: string, ip?: string): Promise<void> {
    await this.repo.clearAccountFailures(username.toLowerCase(), ip);
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
