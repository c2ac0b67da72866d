import { userRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/**
 * Uploads a user's avatar as a data URL; resolves to the stored name (`path`) the user form
 * saves. The server checks type and size and refuses with 400 and its message.
 */
export async function uploadAvatar(file: string) {
  return unwrap(await call(userRoutes.avatar, { body: { file } }, { silentStatuses: [400, 403, 413] }));
}
