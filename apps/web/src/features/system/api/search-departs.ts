import { departRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Departments whose name contains `keyWord`. */
export async function searchDeparts(keyWord: string) {
  return unwrap(await call(departRoutes.searchBy, { query: { keyWord } }));
}
