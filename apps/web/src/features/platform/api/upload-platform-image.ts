import { platformRoutes } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call, unwrap } from '../../../shared/lib/http';
import { platformKeys } from './keys';

type Upload = { kind: 'logo' | 'loginBackground'; file: string };

/**
 * Uploads the logo or the login background as a data URL; the server checks type and size
 * and refuses with 400 and its message.
 */
export async function uploadPlatformImage({ kind, file }: Upload) {
  const route = kind === 'logo' ? platformRoutes.logo : platformRoutes.loginBackground;
  return unwrap(await call(route, { body: { file } }, { silentStatuses: [400, 413] }));
}

/** Uploads a platform image; the settings (which name it) load again. */
export const useUploadPlatformImage = () =>
  useInvalidatingMutation(uploadPlatformImage, () => [platformKeys.settings]);
