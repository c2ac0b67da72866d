import { sessionRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/** The base map of the platform settings: tile template ('' for none) and the provider's credit. */
export type BaseMap = { tileUrl: string; attribution: string };

const NONE: BaseMap = { tileUrl: '', attribution: '' };

/** The base map of the platform settings; none when they cannot be read (the map draws a plain background). */
export async function getBaseMap(): Promise<BaseMap> {
  try {
    const envelope = await call(
      sessionRoutes.platformSettings,
      {},
      { silentStatuses: [0, 401, 403, 404, 500, 502, 503, 504] },
    );
    if (!envelope.success) return NONE;
    return { tileUrl: envelope.result.tileUrl, attribution: envelope.result.tileAttribution ?? '' };
  } catch {
    return NONE;
  }
}

/** Where tiles come from, for the notice when they cannot be loaded (`tile.openstreetmap.org`). */
export function tileHost(tileUrl: string): string {
  try {
    return new URL(tileUrl, window.location.href).host;
  } catch {
    return tileUrl;
  }
}
