import type { DeviceLiveEvent, RealtimeMessage } from '@ics/contract';
import { realtime } from './index';

/**
 * Live device events (`{cmd:'device', kind, projectId, payload}`) from the console's one
 * WebSocket (`realtime`, see index.ts).
 */
export type DeviceEventListener = (event: DeviceLiveEvent) => void;

/** Narrows a pushed message to a device event; anything else (heartcheck, notices) is null. */
export function toDeviceEvent(message: RealtimeMessage): DeviceLiveEvent | null {
  if (message.cmd !== 'device') return null;
  const m = message as { kind?: unknown; payload?: unknown };
  if (typeof m.kind !== 'string' || !m.payload || typeof m.payload !== 'object') return null;
  return message as unknown as DeviceLiveEvent;
}

/** Listens to device events; returns the unsubscribe function. */
export function subscribeDeviceEvents(listener: DeviceEventListener): () => void {
  // The basic layout starts the socket; starting it again is a no-op (pages outside it still get events).
  realtime.start();
  return realtime.subscribe((message) => {
    const event = toDeviceEvent(message);
    if (event) listener(event);
  });
}
