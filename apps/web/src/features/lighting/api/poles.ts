import {
  type AreaTreeNode,
  areaRoutes,
  type ImportResult,
  type Page,
  type PoleDetailDto,
  type PoleDto,
  poleRoutes,
  type RouteBody,
  type RouteQuery,
} from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

export type PoleListQuery = RouteQuery<typeof poleRoutes.list>;
export type PoleBody = RouteBody<typeof poleRoutes.add>;

export async function listPoles(query: PoleListQuery): Promise<Page<PoleDto>> {
  return unwrap(await call(poleRoutes.list, { query }));
}

export async function addPole(body: PoleBody): Promise<PoleDto> {
  return unwrap(await call(poleRoutes.add, { body }, { silentStatuses: [400, 409] }));
}

export async function editPole(body: RouteBody<typeof poleRoutes.edit>): Promise<PoleDto> {
  return unwrap(await call(poleRoutes.edit, { body }, { silentStatuses: [400, 409] }));
}

export async function deletePoles(ids: string[]): Promise<void> {
  unwrap(await call(poleRoutes.deleteBatch, { query: { ids: ids.join(',') } }));
}

/** Imports an .xlsx (sent as base64) and answers the per-row errors. */
export async function importPoles(projectId: string, file: string): Promise<ImportResult> {
  return unwrap(await call(poleRoutes.importExcel, { body: { projectId, file } }));
}

/** A pole with its area, road, gateways and devices. */
export async function poleDetail(id: string): Promise<PoleDetailDto> {
  return unwrap(await call(areaRoutes.poleDetail, { query: { id } }));
}

/** The caller's projects with their areas and roads. */
export async function areaTree(): Promise<AreaTreeNode[]> {
  return unwrap(await call(areaRoutes.tree, { query: {} }));
}

/** Puts poles on a road (or takes them off with null). */
export async function assignRoad(poleIds: string[], roadId: string | null): Promise<void> {
  unwrap(await call(areaRoutes.assignRoad, { body: { poleIds, roadId } }));
}
