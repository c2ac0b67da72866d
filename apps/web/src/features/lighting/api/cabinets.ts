import {
  type CabinetDto,
  type CircuitDto,
  type ControlJobDto,
  cabinetRoutes,
  type Page,
  type RouteBody,
  type RouteQuery,
} from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

export type CabinetListQuery = RouteQuery<typeof cabinetRoutes.list>;

export async function listCabinets(query: CabinetListQuery): Promise<Page<CabinetDto>> {
  return unwrap(await call(cabinetRoutes.list, { query }));
}

export async function addCabinet(body: RouteBody<typeof cabinetRoutes.add>): Promise<CabinetDto> {
  return unwrap(await call(cabinetRoutes.add, { body }));
}

export async function editCabinet(body: RouteBody<typeof cabinetRoutes.edit>): Promise<CabinetDto> {
  return unwrap(await call(cabinetRoutes.edit, { body }));
}

export async function deleteCabinet(id: string): Promise<void> {
  unwrap(await call(cabinetRoutes.delete, { query: { id } }));
}

export async function addCircuit(body: RouteBody<typeof cabinetRoutes.circuitAdd>): Promise<CircuitDto> {
  return unwrap(await call(cabinetRoutes.circuitAdd, { body }));
}

export async function deleteCircuit(id: string): Promise<void> {
  unwrap(await call(cabinetRoutes.circuitDelete, { query: { id } }));
}

/** Switches circuits through their gateway's contactors; the outcome arrives as a job. */
export async function controlCircuits(circuitIds: string[], on: boolean): Promise<ControlJobDto> {
  return unwrap(await call(cabinetRoutes.circuitControl, { body: { circuitIds, on } }));
}
