import { WATCH_MAX_DEVICES, type WatchMessage } from '@ics/contract';

export type Watched = 'all' | readonly string[];

/**
 * Which devices' state the console wants pushed, from what its open pages show: the union of
 * every mounted page's interest (a list page its rows, the map's popup its pole's devices).
 * Nothing mounted: nothing, so a console on other pages is not sent a second's changes of
 * every device each second. Past `WATCH_MAX_DEVICES` ids the console asks for all.
 */
export function watchMessage(interests: Iterable<Watched>): WatchMessage {
  const ids = new Set<string>();
  for (const interest of interests) {
    if (interest === 'all') return { cmd: 'watch', devices: 'all' };
    for (const id of interest) ids.add(id);
  }
  if (ids.size > WATCH_MAX_DEVICES) return { cmd: 'watch', devices: 'all' };
  return { cmd: 'watch', devices: [...ids].sort() };
}

/** Keeps the interests of the mounted pages and announces their union on a connection. */
export function createWatchRegistry(announce: (text: string) => void) {
  const interests = new Map<symbol, Watched>();
  let scheduled = false;
  // Pages mount and unmount together on navigation: one announcement for the new union.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      announce(JSON.stringify(watchMessage(interests.values())));
    });
  };
  schedule();
  return {
    /** Adds an interest until the returned function is called. */
    watch(devices: Watched): () => void {
      const key = Symbol('watch');
      interests.set(key, devices);
      schedule();
      return () => {
        interests.delete(key);
        schedule();
      };
    },
  };
}
