import { type ControlJobDto, controlRoutes, type RouteBody } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/**
 * Switches or dims lamps, a group, a gateway or a project. More than the threshold needs
 * `confirm: true`: the server answers 409 `lighting.confirm_required` with the count, quietly.
 * The outcome arrives as a job over the realtime channel.
 */
export async function sendControl(body: RouteBody<typeof controlRoutes.send>): Promise<ControlJobDto> {
  return unwrap(await call(controlRoutes.send, { body }, { silentStatuses: [409] }));
}
