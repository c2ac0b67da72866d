import { i18nRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function addTranslation(body: RouteBody<typeof i18nRoutes.add>) {
  return call(i18nRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editTranslation(body: RouteBody<typeof i18nRoutes.edit>) {
  return call(i18nRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
