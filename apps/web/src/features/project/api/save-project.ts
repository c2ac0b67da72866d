import { projectRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { useListMutation } from '../../../shared/ui/list-page';

export function addProject(body: RouteBody<typeof projectRoutes.add>) {
  return call(projectRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editProject(body: RouteBody<typeof projectRoutes.edit>) {
  return call(projectRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Adds a project; the project list loads again. */
export const useAddProject = () => useListMutation(addProject, projectRoutes.list);

/** Edits a project; the project list loads again. */
export const useEditProject = () => useListMutation(editProject, projectRoutes.list);
