import {
  type WorkOrderAction,
  type WorkOrderDto,
  workOrderActions,
  workOrderTransitions,
} from '@ics/contract';

/**
 * The steps the caller may take on a work order now, as the server decides them: start and
 * finish for its assignee, verify, reject and reopen for a dispatcher, close for either.
 */
export function availableSteps(
  order: Pick<WorkOrderDto, 'status' | 'assigneeId'>,
  me: { userId: string | undefined; dispatcher: boolean; editor: boolean },
): WorkOrderAction[] {
  if (!me.editor) return [];
  const assignee = !!me.userId && order.assigneeId === me.userId;
  return workOrderActions.filter((action) => {
    if (!workOrderTransitions[action].from.includes(order.status)) return false;
    if (action === 'start' || action === 'finish') return assignee;
    if (action === 'close') return assignee || me.dispatcher;
    return me.dispatcher;
  });
}
