import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { zodShape } from '../../field-spec.schemas';
import { pageQuerySchema } from '../../page-query.schemas';
import { textInput } from '../../text-input.schemas';
import { WORK_ORDER_PHOTOS_MAX, workOrderFields, workOrderNoteFields } from './workorder.fields';
import {
  WORK_ORDER_ASSIGNEES_MAX,
  workOrderActions,
  workOrderPriorities,
  workOrderStatuses,
} from './workorder.routes';

const id = textInput().trim().min(1).max(64);
const time = textInput().datetime({ offset: true });

export const workOrderListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  status: z.enum([...workOrderStatuses, 'open']).optional(),
  priority: z.enum(workOrderPriorities).optional(),
  assigneeId: id.optional(),
  /** `1`: the caller's own work orders. */
  mine: z.enum(['0', '1']).optional(),
  overdue: z.enum(['0', '1']).optional(),
  alarmId: id.optional(),
  keyword: textInput().trim().max(100).optional(),
});
export const workOrderIdQuerySchema = z.object({ id });
export const workOrderPhotoIdQuerySchema = z.object({ id });

export const workOrderAddSchema = z.object({
  projectId: id,
  ...zodShape(workOrderFields),
  priority: z.enum(workOrderPriorities).default('normal'),
  dueAt: time.nullable().default(null),
  assigneeId: id.nullable().default(null),
  alarmIds: z.array(id).max(500).default([]),
});
export const workOrderEditSchema = z.object({
  id,
  ...zodShape(workOrderFields),
  priority: z.enum(workOrderPriorities),
  dueAt: time.nullable(),
});
export const workOrderAssigneeQuerySchema = z.object({
  projectId: id,
  /** Part of the username or the real name. */
  keyword: textInput().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(WORK_ORDER_ASSIGNEES_MAX).default(20),
});
export const workOrderAssignSchema = z.object({
  id,
  assigneeId: id,
  note: textInput().trim().max(2000).optional(),
});
export const workOrderTransitionSchema = z.object({
  id,
  action: z.enum(workOrderActions),
  note: textInput().trim().max(2000).optional(),
  /** Close even though a device still reports one of its alarms' faults. */
  force: z.boolean().default(false),
});
/** Photos come as data URLs (`data:image/png;base64,…`), like avatars. */
export const workOrderNoteSchema = z.object({
  id,
  ...zodShape(workOrderNoteFields),
  photos: z
    .array(textInput().max(8 * 1024 * 1024))
    .max(WORK_ORDER_PHOTOS_MAX)
    .default([]),
});

export const workOrderCrudSchemas = {
  list: workOrderListQuerySchema,
  id: workOrderIdQuerySchema,
  add: workOrderAddSchema,
  edit: workOrderEditSchema,
};

export const workOrderRouteSchemas = {
  ...crudBindings(workOrderCrudSchemas),
  assignees: { query: workOrderAssigneeQuerySchema },
  assign: { body: workOrderAssignSchema },
  transition: { body: workOrderTransitionSchema },
  note: { body: workOrderNoteSchema },
  removePhoto: { query: workOrderPhotoIdQuerySchema },
};
