import { dictRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { refreshDictionaries } from '../../../shared/ui/dict';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { useListMutation } from '../../../shared/ui/list-page';

export function addDictItem(body: RouteBody<typeof dictRoutes.itemAdd>) {
  return call(dictRoutes.itemAdd, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDictItem(body: RouteBody<typeof dictRoutes.itemEdit>) {
  return call(dictRoutes.itemEdit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Adds a dictionary item; the item list and the dictionaries the widgets hold load again. */
export const useAddDictItem = () => useListMutation(addDictItem, dictRoutes.itemList, refreshDictionaries);

/** Edits a dictionary item; the item list and the dictionaries the widgets hold load again. */
export const useEditDictItem = () => useListMutation(editDictItem, dictRoutes.itemList, refreshDictionaries);
