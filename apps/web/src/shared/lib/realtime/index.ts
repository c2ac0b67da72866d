import { REALTIME_SOCKET_PATH } from '@ics/contract';
import { useEffect } from 'react';
import { getToken, useSession } from '../auth/session-store';
import { buildPath } from '../http/call';
import { apiBaseUrl } from '../http/runtime-config';
import { createWatchRegistry } from './live-watch';
import { createRealtimeConnection, type RealtimeListener } from './realtime-socket';

export { createRealtimeConnection, type RealtimeListener, type SocketLike } from './realtime-socket';

/** `ws(s)://<api base>/websocket/{userId}?token=<token>` for the signed-in user, or null. */
export function realtimeUrl(): string | null {
  const token = getToken();
  const userId = useSession.getState().userInfo?.id;
  if (!token || !userId) return null;
  const base = apiBaseUrl().replace(/^http/i, 'ws');
  return `${base}${buildPath(REALTIME_SOCKET_PATH, { userId })}?token=${encodeURIComponent(token)}`;
}

/** The one socket of the signed-in console, started by the basic layout. */
export const realtime = createRealtimeConnection({ url: realtimeUrl });

/** The devices whose state the console's open pages show, announced on `realtime`. */
export const liveWatch = createWatchRegistry((text) => realtime.announce(text));

/** Calls `listener` with every pushed message while the component is mounted. */
export function useRealtime(listener: RealtimeListener): void {
  useEffect(() => realtime.subscribe(listener), [listener]);
}
