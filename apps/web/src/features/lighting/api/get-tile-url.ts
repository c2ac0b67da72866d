import { sessionRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/** The map tile template of the platform settings, or '' for none (the map draws a plain background). */
export async function getTileUrl(): Promise<string> {
  try {
    const envelope = await call(
      sessionRoutes.platformSettings,
      {},
      { silentStatuses: [0, 401, 403, 404, 500, 502, 503, 504] },
    );
    return envelope.success ? envelope.result.tileUrl : '';
  } catch {
    return '';
  }
}
