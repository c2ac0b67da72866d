import { dictRoutes } from '@ics/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/lib/http';
import { refreshDictionaries } from '../../../shared/ui/dict';

/** Clears the server caches of dictionaries, translations and permissions. */
export function refreshDictCache() {
  return call(dictRoutes.refleshCache);
}

/** Clears the server caches; the dictionaries cached at login are stale too, so widgets ask again. */
export function useRefreshDictCache() {
  return useMutation({ mutationFn: refreshDictCache, onSuccess: refreshDictionaries });
}
