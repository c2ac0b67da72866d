import { departRoutes } from '@ics/contract';
import { formSaveHooks } from '../../../shared/ui/form';
import { departKeys } from './keys';

/** Adding or editing (or moving) a department reloads the tree and the search results. */
export const { useAdd: useAddDepart, useEdit: useEditDepart } = formSaveHooks(departRoutes, () => [
  departKeys.departs,
]);
