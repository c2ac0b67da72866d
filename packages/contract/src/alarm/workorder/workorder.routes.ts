import { crudRoutes, type DtoResults } from '../../crud-routes';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type {
  workOrderAssigneeQuerySchema,
  workOrderAssignSchema,
  workOrderCrudSchemas,
  workOrderNoteSchema,
  workOrderPhotoIdQuerySchema,
  workOrderTransitionSchema,
} from './workorder.schemas';

const tag = 'workorder';

export const workOrderPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type WorkOrderPriority = (typeof workOrderPriorities)[number];

/**
 * A work order's life: `new` → `assigned` → `in_progress` → `done` → `verified` → `closed`;
 * `rejected` sends it back to its assignee (from `done`) or refuses it (from `new`/`assigned`).
 */
export const workOrderStatuses = [
  'new',
  'assigned',
  'in_progress',
  'done',
  'verified',
  'closed',
  'rejected',
] as const;
export type WorkOrderStatus = (typeof workOrderStatuses)[number];

/** What moves a work order on, and from where (see `workOrderTransitions`). */
export const workOrderActions = ['start', 'finish', 'verify', 'close', 'reject', 'reopen'] as const;
export type WorkOrderAction = (typeof workOrderActions)[number];

/** The statuses each action leaves from, and where it leads. */
export const workOrderTransitions: Record<
  WorkOrderAction,
  { from: readonly WorkOrderStatus[]; to: WorkOrderStatus }
> = {
  start: { from: ['assigned', 'rejected'], to: 'in_progress' },
  finish: { from: ['in_progress'], to: 'done' },
  verify: { from: ['done'], to: 'verified' },
  close: { from: ['new', 'assigned', 'in_progress', 'done', 'verified', 'rejected'], to: 'closed' },
  reject: { from: ['done'], to: 'rejected' },
  reopen: { from: ['closed'], to: 'assigned' },
};

export type WorkOrderPhotoDto = {
  id: string;
  /** The photo as uploaded. */
  url: string;
  /** A JPEG at most 320 pixels a side (photos stored before thumbnails existed: the photo itself). */
  thumbnailUrl: string;
  width: number;
  height: number;
};

export type WorkOrderNoteDto = {
  id: string;
  at: string;
  author: string;
  text: string;
  /** The status it moved to, when the note came with a transition. */
  status: WorkOrderStatus | null;
  photos: WorkOrderPhotoDto[];
};

export type WorkOrderDto = {
  id: string;
  /** Human number, e.g. WO-20261125-0007. */
  code: string;
  projectId: string;
  projectName: string | null;
  title: string;
  description: string | null;
  priority: WorkOrderPriority;
  status: WorkOrderStatus;
  assigneeId: string | null;
  assigneeName: string | null;
  dueAt: string | null;
  /** Past its due time and not done, verified or closed. */
  overdue: boolean;
  createdBy: string;
  createTime: string;
  updateTime: string | null;
  alarmIds: string[];
  noteCount: number;
};

export type WorkOrderDetail = WorkOrderDto & { notes: WorkOrderNoteDto[] };

/** Someone a work order of a project may be given to: a user who sees the project and works on orders. */
export type WorkOrderAssigneeDto = { id: string; username: string; realname: string | null };

/** The most assignees one search answers (the picker searches as the dispatcher types). */
export const WORK_ORDER_ASSIGNEES_MAX = 50;

/** Closing while a device still reports the fault needs `force` (the answer names the alarms). */
export type WorkOrderTransitionResult = WorkOrderDto;

const edit = mark(marks.alarm.workorder.edit);

const workOrders = crudRoutes<
  typeof workOrderCrudSchemas,
  DtoResults<WorkOrderDto> & { queryById: WorkOrderDetail }
>({ base: '/alarm/workorder', tag, marks: marks.alarm.workorder, name: ['a work order', 'work orders'] });

export const workOrderRoutes = {
  ...workOrders(['list', 'queryById', 'add', 'edit'], {
    list: {
      summary:
        'Work orders of the caller’s projects (filters: project, status, assignee, mine, overdue, priority)',
    },
    queryById: { summary: 'One work order with its notes and photos' },
    add: { summary: 'Create a work order, by hand or from alarms' },
    edit: { summary: 'Edit a work order’s title, description, priority and due time', alsoMethods: [] },
  }),
  assignees: defineRoute<WorkOrderAssigneeDto[], undefined, typeof workOrderAssigneeQuerySchema>({
    method: 'GET',
    path: '/alarm/workorder/assignees',
    access: mark(marks.alarm.workorder.assign),
    summary:
      'Users a project’s work orders may be assigned to (they see the project and may work on orders), by username or name',
    tag,
  }),
  assign: defineRoute<WorkOrderDto, typeof workOrderAssignSchema>({
    method: 'POST',
    path: '/alarm/workorder/assign',
    access: mark(marks.alarm.workorder.assign),
    summary: 'Assign a work order to a user',
    tag,
  }),
  transition: defineRoute<WorkOrderTransitionResult, typeof workOrderTransitionSchema>({
    method: 'POST',
    path: '/alarm/workorder/transition',
    access: edit,
    summary: 'Move a work order on (start, finish, verify, close, reject, reopen) with a note',
    tag,
  }),
  note: defineRoute<WorkOrderNoteDto, typeof workOrderNoteSchema>({
    method: 'POST',
    path: '/alarm/workorder/note',
    access: edit,
    summary: 'Add a note with photos (PNG or JPEG, checked by content; each gets a thumbnail)',
    tag,
  }),
  removePhoto: defineRoute<null, undefined, typeof workOrderPhotoIdQuerySchema>({
    method: 'DELETE',
    path: '/alarm/workorder/photo',
    access: edit,
    summary: 'Remove a photo from a note (its author or a dispatcher, while the order is not closed)',
    tag,
  }),
} as const;
