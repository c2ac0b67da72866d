import { i18nRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { refreshDictionaries } from '../../../shared/ui/dict';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { useListMutation } from '../../../shared/ui/list-page';

export function addTranslation(body: RouteBody<typeof i18nRoutes.add>) {
  return call(i18nRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editTranslation(body: RouteBody<typeof i18nRoutes.edit>) {
  return call(i18nRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/**
 * Adds a translation; the list loads again, and so do the dictionaries the widgets hold
 * (dictionary texts are translations too: `dict.<code>.<value>`).
 */
export const useAddTranslation = () => useListMutation(addTranslation, i18nRoutes.list, refreshDictionaries);

/** Edits a translation; the list and the dictionaries the widgets hold load again. */
export const useEditTranslation = () =>
  useListMutation(editTranslation, i18nRoutes.list, refreshDictionaries);
