import { type RouteBody, sessionRoutes } from '@ics/contract';
import { call, FORM_STATUSES } from '../../../shared/lib/http';
import { signedIn } from './login';

/** Signs in with a phone number and the one-time code sent to it. */
export const phoneLogin = (body: RouteBody<typeof sessionRoutes.phoneLogin>) =>
  signedIn(call(sessionRoutes.phoneLogin, { body }, { silentStatuses: FORM_STATUSES }));
