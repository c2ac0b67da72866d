import type { DeviceLiveEvent, DeviceStateDto } from '@ics/contract';
import { useCallback, useEffect, useState } from 'react';
import { subscribeDeviceEvents } from './device-events';
import { liveWatch } from './index';
import type { Watched } from './live-watch';

/** What live events changed of a device (or gateway) since the page loaded it. */
export type LivePatch = Partial<DeviceStateDto> & { gatewayId?: string };
export type LivePatches = ReadonlyMap<string, LivePatch>;

/** Merges one live event into the patches (a new map when something changed, else the same). */
export function applyDeviceEvent(patches: LivePatches, event: DeviceLiveEvent): LivePatches {
  switch (event.kind) {
    case 'device.state': {
      const next = new Map(patches);
      for (const device of event.payload.devices) {
        const previous = next.get(device.id) ?? {};
        const { id: _id, ...rest } = device;
        next.set(device.id, {
          ...previous,
          ...rest,
          ...(device.values ? { values: { ...previous.values, ...device.values } } : {}),
        });
      }
      return next;
    }
    case 'device.online': {
      const id = event.payload.deviceId ?? event.payload.gatewayId;
      const next = new Map(patches);
      next.set(id, {
        ...next.get(id),
        online: event.payload.online,
        lastSeen: new Date(event.payload.ts).toISOString(),
      });
      return next;
    }
    case 'device.fault': {
      const id = event.payload.deviceId ?? event.payload.gatewayId;
      const previous = patches.get(id);
      // Without a known fault list the next state push brings the full set.
      if (!previous?.faults) return patches;
      const faults = new Set(previous.faults);
      if (event.payload.active) faults.add(event.payload.code);
      else faults.delete(event.payload.code);
      const next = new Map(patches);
      next.set(id, { ...previous, faults: [...faults] });
      return next;
    }
    default:
      return patches;
  }
}

/** The state as loaded, with the live patches on top. */
export function mergeState(base: DeviceStateDto, patch: LivePatch | undefined): DeviceStateDto {
  if (!patch) return base;
  return {
    online: patch.online ?? base.online,
    lastSeen: patch.lastSeen ?? base.lastSeen,
    values: patch.values ? { ...base.values, ...patch.values } : base.values,
    faults: patch.faults ?? base.faults,
  };
}

/**
 * Live patches of the devices `watch` names (`all`: every device of the user's projects) while
 * the calling page is mounted; the server is told to push only those (`liveWatch`). `null`: none.
 */
export function useLivePatches(watch: Watched | null): LivePatches {
  const [patches, setPatches] = useState<LivePatches>(() => new Map());
  const key = watch === null ? null : watch === 'all' ? 'all' : [...watch].sort().join(',');
  useEffect(() => {
    if (key === null) return;
    const unwatch = liveWatch.watch(key === 'all' ? 'all' : key ? key.split(',') : []);
    const unsubscribe = subscribeDeviceEvents((event) =>
      setPatches((current) => applyDeviceEvent(current, event)),
    );
    return () => {
      unsubscribe();
      unwatch();
    };
  }, [key]);
  return patches;
}

/** Live patches of the rows a list page shows: hand `onRows` to its `ListPage`. */
export function useLiveRows<T extends { id: string }>() {
  const [shown, setShown] = useState<readonly string[]>([]);
  const onRows = useCallback((rows: readonly T[]) => setShown(rows.map((r) => r.id)), []);
  return { patches: useLivePatches(shown), onRows };
}
