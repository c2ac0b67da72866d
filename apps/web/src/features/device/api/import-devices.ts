import { deviceRoutes, type ImportResult } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Imports the devices of an .xlsx (sent as base64) into a project; answers the per-row errors. */
export async function importDevices(projectId: string, file: string): Promise<ImportResult> {
  return unwrap(await call(deviceRoutes.importExcel, { body: { projectId, file } }));
}
