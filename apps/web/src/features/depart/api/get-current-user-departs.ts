import { type Depart, sessionRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** `GET /sys/user/getCurrentUserDeparts`: the user's departments and the current one. */
export async function getCurrentUserDeparts(): Promise<{ list: Depart[]; orgCode: string | null }> {
  return unwrap(await call(sessionRoutes.currentUserDeparts));
}
