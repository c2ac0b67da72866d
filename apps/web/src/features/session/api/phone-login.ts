import { type LoginResult, type RouteBody, sessionRoutes } from '@ics/contract';
import { ApiError, call, FORM_STATUSES } from '../../../shared/lib/http';

export type PhoneLoginBody = RouteBody<typeof sessionRoutes.phoneLogin>;

/** Signs in with a phone number and the one-time code sent to it. */
export async function phoneLogin(body: PhoneLoginBody): Promise<LoginResult> {
  const envelope = await call(sessionRoutes.phoneLogin, { body }, { silentStatuses: FORM_STATUSES });
  if (!envelope.success || envelope.code !== 200)
    throw new ApiError(envelope.code, envelope.message, envelope);
  return envelope.result;
}
