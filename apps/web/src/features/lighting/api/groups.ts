import {
  type ControlJobDto,
  controlRoutes,
  type DeviceDto,
  type GroupDto,
  groupRoutes,
  type Page,
  type RouteBody,
  type RouteQuery,
} from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

export type GroupListQuery = RouteQuery<typeof groupRoutes.list>;

export async function listGroups(query: GroupListQuery): Promise<Page<GroupDto>> {
  return unwrap(await call(groupRoutes.list, { query }));
}

export async function addGroup(body: RouteBody<typeof groupRoutes.add>): Promise<GroupDto> {
  return unwrap(await call(groupRoutes.add, { body }));
}

export async function editGroup(body: RouteBody<typeof groupRoutes.edit>): Promise<GroupDto> {
  return unwrap(await call(groupRoutes.edit, { body }));
}

export async function deleteGroup(id: string): Promise<void> {
  unwrap(await call(groupRoutes.delete, { query: { id } }));
}

export async function groupLamps(
  groupId: string,
  pageNo: number,
  pageSize: number,
): Promise<Page<DeviceDto>> {
  return unwrap(await call(groupRoutes.lamps, { query: { groupId, pageNo, pageSize } }));
}

export async function addGroupLamps(groupId: string, lampIds: string[]): Promise<void> {
  unwrap(await call(groupRoutes.addLamps, { body: { groupId, lampIds } }));
}

export async function removeGroupLamps(groupId: string, lampIds: string[]): Promise<void> {
  unwrap(await call(groupRoutes.removeLamps, { body: { groupId, lampIds } }));
}

/** Switches or dims every lamp of some groups (409 `lighting.confirm_required` is quiet). */
export async function controlGroups(body: RouteBody<typeof controlRoutes.groupSend>): Promise<ControlJobDto> {
  return unwrap(await call(controlRoutes.groupSend, { body }, { silentStatuses: [409] }));
}
