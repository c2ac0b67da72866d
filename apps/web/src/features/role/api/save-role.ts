import { roleRoutes } from '@ics/contract';
import { formSaveHooks } from '../../../shared/ui/form';

/** Adding or editing a role reloads the role list. */
export const { useAdd: useAddRole, useEdit: useEditRole } = formSaveHooks(roleRoutes, roleRoutes.list);
