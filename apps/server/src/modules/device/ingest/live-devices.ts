import type { DeviceRef, GatewayInfo } from '../directory/gateway-directory';
import { LiveDevice } from './live-device';

/**
 * The latest state of every device this node heard from, updated in place by each message, and
 * the devices changed since the last flush (pushed live, and queued for their rows, at the flush).
 */
export class LiveDevices {
  private readonly devices = new Map<string, LiveDevice>();
  private changed: LiveDevice[] = [];
  /** The flush being gathered (a device is listed once per flush: `LiveDevice.changedIn`). */
  private flushSeq = 0;

  /** The latest state of a device as this node heard it (undefined: not heard from here). */
  get(deviceId: string): LiveDevice | undefined {
    return this.devices.get(deviceId);
  }

  /** Devices changed since the last `takeChanged`. */
  get changedCount(): number {
    return this.changed.length;
  }

  /** The devices changed since the last call; a new flush gathers from now on. */
  takeChanged(): LiveDevice[] {
    const changed = this.changed;
    this.changed = [];
    this.flushSeq++;
    return changed;
  }

  /** The device's live state, listed as changed in this flush; `ts` its latest time. */
  device(gw: GatewayInfo, ref: DeviceRef, ts: number): LiveDevice {
    let d = ref.live;
    if (!d) {
      // First message since the gateway's entry was loaded: the device's record, or a new one.
      d = this.devices.get(ref.id);
      if (!d) {
        d = new LiveDevice(ref.id, gw.projectId, gw.id, ref.stored, this.devices.size);
        this.devices.set(ref.id, d);
      } else {
        d.gatewayId = gw.id;
        d.projectId = gw.projectId;
      }
      ref.stored = undefined;
      ref.live = d;
    }
    if (ts > d.ts) d.ts = ts;
    if (d.changedIn !== this.flushSeq) {
      d.changedIn = this.flushSeq;
      this.changed.push(d);
    }
    return d;
  }

  /** Forgets what this node wrote for the devices of these gateways (their next row is written at once). */
  forgetWritten(gatewayIds: ReadonlySet<string>): void {
    for (const d of this.devices.values()) if (gatewayIds.has(d.gatewayId)) d.writtenAt = 0;
  }
}
