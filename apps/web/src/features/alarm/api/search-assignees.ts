import { type WorkOrderAssigneeDto, workOrderRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/**
 * The users a project's work orders may go to whose username or name contains `text` (first
 * 20): the dispatcher's own route, so assigning needs no right to read the user list.
 */
export async function searchAssignees(projectId: string, text: string): Promise<WorkOrderAssigneeDto[]> {
  const keyword = text.trim();
  return unwrap(
    await call(workOrderRoutes.assignees, {
      query: { projectId, limit: 20, ...(keyword ? { keyword } : {}) },
    }),
  );
}
