import { deviceRoutes, type ImportProgress } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Where the signed-in user's running .xlsx import stands (poles, gateways or devices). */
export async function getImportProgress(): Promise<ImportProgress> {
  return unwrap(await call(deviceRoutes.importProgress, {}, { silentStatuses: [0, 502, 503, 504] }));
}
