import { dictRoutes } from '@ics/contract';
import { refreshDictionaries } from '../../../shared/ui/dict';
import { formSaveHooks } from '../../../shared/ui/form';

/** Adding or editing a dictionary item reloads the item list and the dictionaries the widgets hold. */
export const { useAdd: useAddDictItem, useEdit: useEditDictItem } = formSaveHooks(
  { add: dictRoutes.itemAdd, edit: dictRoutes.itemEdit },
  dictRoutes.itemList,
  refreshDictionaries,
);
