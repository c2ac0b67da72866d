import { dictRoutes } from '@ics/contract';
import { refreshDictionaries } from '../../../shared/ui/dict';
import { formSaveHooks } from '../../../shared/ui/form';

/** Adding or editing a dictionary reloads the list and the dictionaries the widgets hold. */
export const { useAdd: useAddDict, useEdit: useEditDict } = formSaveHooks(
  dictRoutes,
  dictRoutes.list,
  refreshDictionaries,
);
