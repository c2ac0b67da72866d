import { type ControlJobDto, controlRoutes, type RouteBody } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Switches or dims every lamp of some groups (409 `lighting.confirm_required` is quiet). */
export async function controlGroups(body: RouteBody<typeof controlRoutes.groupSend>): Promise<ControlJobDto> {
  return unwrap(await call(controlRoutes.groupSend, { body }, { silentStatuses: [409] }));
}
