import { projectRoutes } from '@ics/contract';
import { formSaveHooks } from '../../../shared/ui/form';

/** Adding or editing a project reloads the project list. */
export const { useAdd: useAddProject, useEdit: useEditProject } = formSaveHooks(
  projectRoutes,
  projectRoutes.list,
);
