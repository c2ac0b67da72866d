import { type ControlJobDto, type RouteBody, strategyRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/**
 * Pushes schedules and fallback levels down to gateways; the outcome arrives as a job and the
 * gateways' schedule versions, polled by their tab, follow.
 */
export async function pushSchedules(body: RouteBody<typeof strategyRoutes.push>): Promise<ControlJobDto> {
  return unwrap(await call(strategyRoutes.push, { body }));
}
