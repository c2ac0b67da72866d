import type { Queryable } from '../../db/database';
import { randomCaptchaText, renderCaptcha } from '../../lib/captcha-image';
import { AppError } from '../../lib/errors';

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

type FailureRow = { scope: string; failures: number; locked_until: Date | null };

/**
 * Slows guessing: failed sign-ins are counted per account and per address (in the
 * database, so every API node sees them); a few failures demand a captcha, more lock.
 */
export class LoginGuard {
  constructor(private readonly db: Queryable) {}

  /** Throws when the account or address is locked, or a needed captcha is missing or wrong. */
  async check(username: string, ip: string, captcha: string | undefined, checkKey: string | undefined) {
    const rows = await this.db.query<FailureRow>(
      `select scope, failures, locked_until from sys_login_failure
        where ((scope = 'user' and key = $1) or (scope = 'ip' and key = $2))
          and (first_failed_at > now() - make_interval(mins => $3) or locked_until > now())`,
      [username.toLowerCase(), ip, WINDOW_MINUTES],
    );
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
    const rows = await this.db.query<{ failures: number }>(
      `insert into sys_login_failure as f (scope, key, failures, first_failed_at, locked_until)
       values ('user', $1, 1, now(), null), ('ip', $2, 1, now(), null)
       on conflict (scope, key) do update set
         failures = case when f.first_failed_at > now() - make_interval(mins => $3) then f.failures + 1 else 1 end,
         first_failed_at = case when f.first_failed_at > now() - make_interval(mins => $3) then f.first_failed_at else now() end,
         locked_until = case
           when f.scope = 'user' and f.failures + 1 >= $4 and f.first_failed_at > now() - make_interval(mins => $3)
             then now() + make_interval(mins => $6)
           when f.scope = 'ip' and f.failures + 1 >= $5 and f.first_failed_at > now() - make_interval(mins => $3)
             then now() + make_interval(mins => $6)
           else null end
       returning failures`,
      [username.toLowerCase(), ip, WINDOW_MINUTES, LOCK_ACCOUNT_AFTER, LOCK_ADDRESS_AFTER, LOCK_MINUTES],
    );
    return rows.some((r) => r.failures >= CAPTCHA_AFTER_FAILURES);
  }

  /** A successful sign-in clears the account's count (the address keeps its own). */
  async recordSuccess(username: string): Promise<void> {
    await this.db.query(`delete from sys_login_failure where scope = 'user' and key = $1`, [
      username.toLowerCase(),
    ]);
  }

  /** Issues a captcha for a client-chosen key and returns it as an image data URL. */
  async issueCaptcha(key: string): Promise<string> {
    const text = randomCaptchaText();
    await this.db.query(
      `insert into sys_captcha (key, code, expires_at) values ($1, $2, now() + make_interval(secs => $3))
       on conflict (key) do update set code = excluded.code, expires_at = excluded.expires_at`,
      [key, text, CAPTCHA_TTL_SECONDS],
    );
    await this.db.query('delete from sys_captcha where expires_at < now()');
    return renderCaptcha(text);
  }

  /** One use per captcha, compared case-insensitively. */
  private async consumeCaptcha(key: string, answer: string): Promise<boolean> {
    const rows = await this.db.query<{ code: string }>(
      'delete from sys_captcha where key = $1 and expires_at > now() returning code',
      [key],
    );
    return rows[0]?.code.toLowerCase() === answer.trim().toLowerCase();
  }
}
