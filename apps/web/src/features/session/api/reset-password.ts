import { type RouteBody, sessionRoutes } from '@ics/contract';
import { call, FORM_STATUSES, unwrap } from '../../../shared/lib/http';

export type ResetPasswordBody = RouteBody<typeof sessionRoutes.passwordReset>;

/** Resets a forgotten password with a phone code; resolves to the server's message. */
export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  const envelope = await call(sessionRoutes.passwordReset, { body }, { silentStatuses: FORM_STATUSES });
  unwrap(envelope);
  return envelope.message;
}
