import { i18nRoutes } from '@ics/contract';
import { refreshDictionaries } from '../../../shared/ui/dict';
import { formSaveHooks } from '../../../shared/ui/form';

/**
 * Adding or editing a translation reloads the list, and the dictionaries the widgets hold
 * (dictionary texts are translations too: `dict.<code>.<value>`).
 */
export const { useAdd: useAddTranslation, useEdit: useEditTranslation } = formSaveHooks(
  i18nRoutes,
  i18nRoutes.list,
  refreshDictionaries,
);
