import type { Queryable } from '../../db/database';

/** sys_sms_code: the last one-time code sent to a phone for one purpose, hashed. */
export class SmsCodeRepository {
  constructor(private readonly db: Queryable) {}

  /** Seconds until another code may be sent, when one was sent less than `resendSeconds` ago. */
  async secondsToWait(phone: string, purpose: string, resendSeconds: number): Promise<number | undefined> {
    const [recent] = await this.db.query<{ wait: number }>(
      `select ceil($3 - extract(epoch from now() - sent_at))::int as wait from sys_sms_code
        where phone = $1 and purpose = $2 and sent_at > now() - make_interval(secs => $3)`,
      [phone, purpose, resendSeconds],
    );
    return recent?.wait;
  }

  async save(phone: string, purpose: string, codeHash: string, ttlSeconds: number): Promise<void> {
    await this.db.query(
      `insert into sys_sms_code (phone, purpose, code_hash, attempts, expires_at, sent_at)
       values ($1, $2, $3, 0, now() + make_interval(secs => $4), now())
       on conflict (phone, purpose) do update set code_hash = excluded.code_hash, attempts = 0,
         expires_at = excluded.expires_at, sent_at = now()`,
      [phone, purpose, codeHash, ttlSeconds],
    );
  }

  /** Counts an attempt at the live code; returns its hash, or undefined when none is left to try. */
  async attempt(phone: string, purpose: string, maxAttempts: number): Promise<string | undefined> {
    const rows = await this.db.query<{ code_hash: string }>(
      `update sys_sms_code set attempts = attempts + 1
        where phone = $1 and purpose = $2 and expires_at > now() and attempts < $3
        returning code_hash`,
      [phone, purpose, maxAttempts],
    );
    return rows[0]?.code_hash;
  }

  async delete(phone: string, purpose: string): Promise<void> {
    await this.db.query('delete from sys_sms_code where phone = $1 and purpose = $2', [phone, purpose]);
  }
}
