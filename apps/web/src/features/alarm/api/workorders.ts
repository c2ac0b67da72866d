import {
  alarmRoutes,
  type RouteBody,
  type WorkOrderDetail,
  type WorkOrderDto,
  workOrderRoutes,
} from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { useQueryOf } from '../../../shared/hooks/use-query-of';
import { call, unwrap } from '../../../shared/lib/http';
import { listKey } from '../../../shared/ui/list-page';
import { alarmKeys } from './keys';

export async function getWorkOrder(id: string): Promise<WorkOrderDetail> {
  return unwrap(await call(workOrderRoutes.queryById, { query: { id } }));
}

/** One work order with its notes and photos. */
export const useWorkOrder = (id: string | null) => useQueryOf(id, alarmKeys.workOrder, getWorkOrder);

async function addWorkOrder(body: RouteBody<typeof workOrderRoutes.add>): Promise<WorkOrderDto> {
  return unwrap(await call(workOrderRoutes.add, { body }));
}
async function editWorkOrder(body: RouteBody<typeof workOrderRoutes.edit>): Promise<WorkOrderDto> {
  return unwrap(await call(workOrderRoutes.edit, { body }));
}
async function assignWorkOrder(body: RouteBody<typeof workOrderRoutes.assign>): Promise<WorkOrderDto> {
  return unwrap(await call(workOrderRoutes.assign, { body }));
}
/** Moves a work order on; a 409 `workorder.fault_active` asks for `force` (the caller confirms). */
export async function moveWorkOrder(
  body: RouteBody<typeof workOrderRoutes.transition>,
): Promise<WorkOrderDto> {
  return unwrap(await call(workOrderRoutes.transition, { body }));
}
async function addNote(body: RouteBody<typeof workOrderRoutes.note>) {
  return unwrap(await call(workOrderRoutes.note, { body }));
}

async function removePhoto(id: string): Promise<null> {
  return unwrap(await call(workOrderRoutes.removePhoto, { query: { id } }));
}

/** A change to work orders: their list, their details and the alarms they link (and name) load again. */
const stale = () => [listKey(workOrderRoutes.list), listKey(alarmRoutes.list), alarmKeys.all];

export const useAddWorkOrder = () => useInvalidatingMutation(addWorkOrder, stale);
export const useEditWorkOrder = () => useInvalidatingMutation(editWorkOrder, stale);
export const useAssignWorkOrder = () => useInvalidatingMutation(assignWorkOrder, stale);
export const useMoveWorkOrder = () => useInvalidatingMutation(moveWorkOrder, stale);
export const useAddNote = () => useInvalidatingMutation(addNote, stale);
export const useRemovePhoto = () => useInvalidatingMutation(removePhoto, stale);
