import type { Envelope, RouteBody, RouteDef, RouteResult } from '@ics/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../hooks/use-invalidating-mutation';
import { call } from '../../lib/http';
import { listKey } from '../list-page/use-list-query';
import { FORM_ERROR_STATUSES } from './entity-form';

/** A form's save: the body sent to `route`; the refusals the form shows beside its fields raise no notice. */
export function formSave<R extends RouteDef>(route: R) {
  return (body: RouteBody<R>): Promise<Envelope<RouteResult<R>>> =>
    call(route, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/**
 * The add and edit hooks of an entity's form (`formSave` to `routes.add` and `routes.edit`).
 * Once the server accepted the change, what it made stale loads again: every page of a list
 * route, or the query keys `stale` names from the saved body; then `onSuccess` runs (the
 * dictionaries the widgets hold).
 */
export function formSaveHooks<A extends RouteDef, E extends RouteDef>(
  routes: { add: A; edit: E },
  stale: RouteDef | ((body: RouteBody<A> | RouteBody<E>) => readonly QueryKey[]),
  onSuccess?: () => unknown,
) {
  const keys: (body: RouteBody<A> | RouteBody<E>) => readonly QueryKey[] =
    typeof stale === 'function' ? stale : () => [listKey(stale)];
  const add = formSave(routes.add);
  const edit = formSave(routes.edit);
  return {
    useAdd: () => useInvalidatingMutation(add, keys, onSuccess),
    useEdit: () => useInvalidatingMutation(edit, keys, onSuccess),
  };
}
