import { departRoutes } from '@ics/contract';
import { formSaveHooks } from '../../../shared/ui/form';

/** Adding or editing a department role reloads the department's role list. */
export const { useAdd: useAddDepartRole, useEdit: useEditDepartRole } = formSaveHooks(
  { add: departRoutes.roleAdd, edit: departRoutes.roleEdit },
  departRoutes.roleList,
);
