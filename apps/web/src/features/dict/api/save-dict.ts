import { dictRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { refreshDictionaries } from '../../../shared/ui/dict';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { useListMutation } from '../../../shared/ui/list-page';

export function addDict(body: RouteBody<typeof dictRoutes.add>) {
  return call(dictRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDict(body: RouteBody<typeof dictRoutes.edit>) {
  return call(dictRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Adds a dictionary; the list and the dictionaries the widgets hold load again. */
export const useAddDict = () => useListMutation(addDict, dictRoutes.list, refreshDictionaries);

/** Edits a dictionary; the list and the dictionaries the widgets hold load again. */
export const useEditDict = () => useListMutation(editDict, dictRoutes.list, refreshDictionaries);
