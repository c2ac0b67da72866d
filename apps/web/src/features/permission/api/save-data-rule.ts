import { permissionRoutes } from '@ics/contract';
import { formSaveHooks } from '../../../shared/ui/form';
import { permissionKeys } from './keys';

/** Adding or editing a data rule of a menu reloads that menu's rules. */
export const { useAdd: useAddDataRule, useEdit: useEditDataRule } = formSaveHooks(
  { add: permissionRoutes.addPermissionRule, edit: permissionRoutes.editPermissionRule },
  (body) => [permissionKeys.dataRules(body.permissionId)],
);
