import { departRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/** Deletes a department; refusals (users or sub-departments left) reject with the server's message. */
export function deleteDepart(id: string) {
  return call(departRoutes.delete, { query: { id } }, { silentStatuses: [400, 403, 409] });
}
