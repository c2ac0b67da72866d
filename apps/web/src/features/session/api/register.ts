import { type RouteBody, sessionRoutes } from '@ics/contract';
import { call, FORM_STATUSES, unwrap } from '../../../shared/lib/http';

export type RegisterBody = RouteBody<typeof sessionRoutes.register>;

/** Self-registration (only when the platform settings allow it). */
export async function register(body: RegisterBody): Promise<{ username: string }> {
  return unwrap(await call(sessionRoutes.register, { body }, { silentStatuses: FORM_STATUSES }));
}
