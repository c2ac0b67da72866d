import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/errors';
import { hashToken, randomDigits } from '../../lib/tokens';

/** Delivers one-time codes. Replace the default with a real SMS gateway in production. */
export type SmsSender = { send(phone: string, code: string, purpose: SmsPurpose): Promise<void> };

export type SmsPurpose = 'register' | 'login' | 'reset';
export const SMS_PURPOSE_BY_MODE: Record<'0' | '1' | '2', SmsPurpose> = {
  '0': 'register',
  '1': 'login',
  '2': 'reset',
};

/** The default sender writes the code to the server log, so that a developer can sign in by phone. */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, code, purpose) {
      log.warn({ phone, purpose }, `SMS code for ${phone} (${purpose}): ${code}`);
    },
  };
}

const CODE_TTL_SECONDS = 300;
const RESEND_AFTER_SECONDS = 60;
const MAX_ATTEMPTS = 5;

/** One-time phone codes: stored hashed, valid 5 minutes, 5 tries, one send per minute. */
export class SmsCodes {
  constructor(
    private readonly db: Queryable,
    private readonly sender: SmsSender,
  ) {}

  async send(phone: string, purpose: SmsPurpose): Promise<void> {
    const [recent] = await this.db.query<{ wait: number }>(
      `select ceil($3 - extract(epoch from now() - sent_at))::int as wait from sys_sms_code
        where phone = $1 and purpose = $2 and sent_at > now() - make_interval(secs => $3)`,
      [phone, purpose, RESEND_AFTER_SECONDS],
    );
    if (recent) throw new AppError(429, 'auth.sms_too_soon', { seconds: recent.wait });
    const code = randomDigits(6);
    await this.db.query(
      `insert into sys_sms_code (phone, purpose, code_hash, attempts, expires_at, sent_at)
       values ($1, $2, $3, 0, now() + make_interval(secs => $4), now())
       on conflict (phone, purpose) do update set code_hash = excluded.code_hash, attempts = 0,
         expires_at = excluded.expires_at, sent_at = now()`,
      [phone, purpose, hashToken(`${phone}:${code}`), CODE_TTL_SECONDS],
    );
    await this.sender.send(phone, code, purpose);
  }

  /** Consumes the code when it matches; throws the same message for wrong, expired or exhausted codes. */
  async verify(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const rows = await this.db.query<{ code_hash: string }>(
      `update sys_sms_code set attempts = attempts + 1
        where phone = $1 and purpose = $2 and expires_at > now() and attempts < $3
        returning code_hash`,
      [phone, purpose, MAX_ATTEMPTS],
    );
    if (rows[0]?.code_hash !== hashToken(`${phone}:${code}`)) throw new AppError(400, 'auth.sms_invalid');
    await this.db.query('delete from sys_sms_code where phone = $1 and purpose = $2', [phone, purpose]);
  }
}
