import { dictRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/** Clears the server caches of dictionaries, translations and permissions. */
export function refreshDictCache() {
  return call(dictRoutes.refleshCache);
}
