import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/errors';
import { hashToken, randomDigits } from '../../lib/tokens';
import { SmsCodeRepository } from './sms-code.repository';

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
  private readonly repo: SmsCodeRepository;

  constructor(
    db: Queryable,
    private readonly sender: SmsSender,
  ) {
    this.repo = new SmsCodeRepository(db);
  }

  async send(phone: string, purpose: SmsPurpose): Promise<void> {
    const wait = await this.repo.secondsToWait(phone, purpose, RESEND_AFTER_SECONDS);
    if (wait !== undefined) throw new AppError(429, 'auth.sms_too_soon', { seconds: wait });
    const code = randomDigits(6);
    await this.repo.save(phone, purpose, hashToken(`${phone}:${code}`), CODE_TTL_SECONDS);
    await this.sender.send(phone, code, purpose);
  }

  /** Consumes the code when it matches; throws the same message for wrong, expired or exhausted codes. */
  async verify(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    if ((await this.repo.attempt(phone, purpose, MAX_ATTEMPTS)) !== hashToken(`${phone}:${code}`))
      throw new AppError(400, 'auth.sms_invalid');
    await this.repo.delete(phone, purpose);
  }
}
