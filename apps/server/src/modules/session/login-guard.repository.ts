import type { Queryable } from '../../db/database';

/** `user`: an account from anywhere; `ip`: an address, any account; `user_ip`: one account from one address. */
export type FailureScope = 'user' | 'ip' | 'user_ip';
export type FailureRow = { scope: FailureScope; failures: number; locked_until: Date | null };

/** When failures count, lock and slow down: the window, the thresholds and the lengths. */
export type FailurePolicy = {
  windowMinutes: number;
  /** From this many failures of an account on, each failure holds it for 2^(n − this) seconds. */
  delayAccountAfter: number;
  maxDelaySeconds: number;
  lockPairAfter: number;
  lockAddressAfter: number;
  lockMinutes: number;
};

/** The key of one account from one address (JSON, so that neither part can pass for the other). */
export const pairKey = (username: string, ip: string) => JSON.stringify([username, ip]);
/** The start every pair key of an account has. */
const pairPrefix = (username: string) => `${JSON.stringify([username]).slice(0, -1)},`;

/** sys_login_failure (failed sign-ins per account, per address and per both) and sys_captcha. */
export class LoginGuardRepository {
  constructor(private readonly db: Queryable) {}

  /** The failure counts of the account, the address and the pair that are recent or still holding. */
  recentFailures(username: string, ip: string, windowMinutes: number): Promise<FailureRow[]> {
    return this.db.query<FailureRow>(
      `select scope, failures, locked_until from sys_login_failure
        where ((scope = 'user' and key = $1) or (scope = 'ip' and key = $2) or (scope = 'user_ip' and key = $3))
          and (first_failed_at > now() - make_interval(mins => $4) or locked_until > now())`,
      [username, ip, pairKey(username, ip), windowMinutes],
    );
  }

  /** Counts a failure of the account, the address and the pair; returns the three counts. */
  async recordFailure(username: string, ip: string, policy: FailurePolicy): Promise<number[]> {
    const recent = 'f.first_failed_at > now() - make_interval(mins => $4)';
    const rows = await this.db.query<{ failures: number }>(
      `insert into sys_login_failure as f (scope, key, failures, first_failed_at, locked_until)
       values ('user', $1, 1, now(), null), ('ip', $2, 1, now(), null), ('user_ip', $3, 1, now(), null)
       on conflict (scope, key) do update set
         failures = case when ${recent} then f.failures + 1 else 1 end,
         first_failed_at = case when ${recent} then f.first_failed_at else now() end,
         locked_until = case
           when not (${recent}) then null
           when f.scope = 'user' and f.failures + 1 >= $5
             then now() + make_interval(secs => least(power(2, f.failures + 1 - $5), $6))
           when f.scope = 'user_ip' and f.failures + 1 >= $7 then now() + make_interval(mins => $9)
           when f.scope = 'ip' and f.failures + 1 >= $8 then now() + make_interval(mins => $9)
           else null end
       returning failures`,
      [
        username,
        ip,
        pairKey(username, ip),
        policy.windowMinutes,
        policy.delayAccountAfter,
        policy.maxDelaySeconds,
        policy.lockPairAfter,
        policy.lockAddressAfter,
        policy.lockMinutes,
      ],
    );
    return rows.map((r) => r.failures);
  }

  /** Forgets the account's failures, and those of the account from `ip` (from every address without one). */
  async clearAccountFailures(username: string, ip?: string): Promise<void> {
    await this.db.query(`delete from sys_login_failure where scope = 'user' and key = $1`, [username]);
    if (ip !== undefined)
      await this.db.query(`delete from sys_login_failure where scope = 'user_ip' and key = $1`, [
        pairKey(username, ip),
      ]);
    else
      await this.db.query(`delete from sys_login_failure where scope = 'user_ip' and starts_with(key, $1)`, [
        pairPrefix(username),
      ]);
  }

  /** Stores the captcha of a client-chosen key (replacing an older one) and drops expired ones. */
  async saveCaptcha(key: string, code: string, ttlSeconds: number): Promise<void> {
    await this.db.query(
      `insert into sys_captcha (key, code, expires_at) values ($1, $2, now() + make_interval(secs => $3))
       on conflict (key) do update set code = excluded.code, expires_at = excluded.expires_at`,
      [key, code, ttlSeconds],
    );
    await this.db.query('delete from sys_captcha where expires_at < now()');
  }

  /** Takes the live captcha of `key` (one use); undefined when there is none. */
  async takeCaptcha(key: string): Promise<string | undefined> {
    const rows = await this.db.query<{ code: string }>(
      'delete from sys_captcha where key = $1 and expires_at > now() returning code',
      [key],
    );
    return rows[0]?.code;
  }
}
