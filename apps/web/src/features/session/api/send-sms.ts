import { type RouteBody, sessionRoutes } from '@ics/contract';
import { call, FORM_STATUSES, unwrap } from '../../../shared/lib/http';

export type SmsBody = RouteBody<typeof sessionRoutes.sms>;

/** What the code is for: 0 register, 1 login, 2 forgotten password. */
export type SmsPurpose = SmsBody['smsmode'];

/** Sends a 6-digit one-time code to `mobile`; resolves to the server's message. */
export async function sendSms(mobile: string, purpose: SmsPurpose): Promise<string> {
  const envelope = await call(
    sessionRoutes.sms,
    { body: { mobile, smsmode: purpose } },
    { silentStatuses: FORM_STATUSES },
  );
  unwrap(envelope);
  return envelope.message;
}
