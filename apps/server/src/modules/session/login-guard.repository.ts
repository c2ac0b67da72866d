import type { Queryable } from '../../db/database';

export type FailureRow = { scope: string; failures: number; locked_until: Date | null };

/** When failures count and lock: the window, and the thresholds per account and per address. */
export type FailurePolicy = {
  windowMinutes: number;
  lockAccountAfter: number;
  lockAddressAfter: number;
  lockMinutes: number;
};

/** sys_login_failure (failed sign-ins per account and per address) and sys_captcha. */
export class LoginGuardRepository {
  constructor(private readonly db: Queryable) {}

  /** The failure counts of the account and the address that are recent or still locking. */
  recentFailures(username: string, ip: string, windowMinutes: number): Promise<FailureRow[]> {
    return this.db.query<FailureRow>(
      `select scope, failures, locked_until from sys_login_failure
        where ((scope = 'user' and key = $1) or (scope = 'ip' and key = $2))
          and (first_failed_at > now() - make_interval(mins => $3) or locked_until > now())`,
      [username, ip, windowMinutes],
    );
  }

  /** Counts a failure of the account and of the address; returns both counts. */
  async recordFailure(username: string, ip: string, policy: FailurePolicy): Promise<number[]> {
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
      [
        username,
        ip,
        policy.windowMinutes,
        policy.lockAccountAfter,
        policy.lockAddressAfter,
        policy.lockMinutes,
      ],
    );
    return rows.map((r) => r.failures);
  }

  async clearAccountFailures(username: string): Promise<void> {
    await this.db.query(`delete from sys_login_failure where scope = 'user' and key = $1`, [username]);
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
