import {
  type ControlJobDto,
  controlRoutes,
  type DeviceDto,
  deviceListRoutes,
  type HistoryPoint,
  historyRoutes,
  type Page,
  type RouteBody,
  type RouteQuery,
} from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

export type LampListQuery = RouteQuery<(typeof deviceListRoutes)['lamp']>;
export type ControlBody = RouteBody<typeof controlRoutes.send>;

/** Lamps with their latest state (server-side paging, sorting and filters). */
export async function listLamps(query: LampListQuery): Promise<Page<DeviceDto>> {
  return unwrap(await call(deviceListRoutes.lamp, { query }));
}

/**
 * Switches or dims lamps, a group, a gateway or a project. More than the threshold needs
 * `confirm: true`: the server answers 409 `lighting.confirm_required` with the count, quietly.
 */
export async function sendControl(body: ControlBody): Promise<ControlJobDto> {
  return unwrap(await call(controlRoutes.send, { body }, { silentStatuses: [409] }));
}

export async function lampHistory(deviceId: string): Promise<HistoryPoint[]> {
  return unwrap(await call(historyRoutes.lamp, { query: { deviceId, interval: 'hour', limit: 48 } }));
}
