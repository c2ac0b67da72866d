import { platformRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/**
 * Uploads the logo or the login background as a data URL; the server checks type and size
 * and refuses with 400 and its message.
 */
export async function uploadPlatformImage(kind: 'logo' | 'loginBackground', file: string) {
  const route = kind === 'logo' ? platformRoutes.logo : platformRoutes.loginBackground;
  return unwrap(await call(route, { body: { file } }, { silentStatuses: [400, 413] }));
}
