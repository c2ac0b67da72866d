import { type DeviceSearchHit, testConsoleRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Gateways and devices whose sn, address or name contains `keyword`. */
export async function searchDevices(keyword: string): Promise<DeviceSearchHit[]> {
  return unwrap(await call(testConsoleRoutes.search, { query: { keyword, limit: 30 } }));
}
