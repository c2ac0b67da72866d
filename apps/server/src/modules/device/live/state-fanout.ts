import type { LiveDevice } from '../ingest/live-device';
import type { LiveEvents } from './live-events';

type Change = { projectId: string; gatewayId: string; deviceId: string | null; patch: object };
type Pending = { patches: Map<string, Record<string, unknown>>; devices: LiveDevice[] };

/**
 * Throttles latest-state pushes: changes are gathered per project and sent at most once per
 * `intervalMs` as one `device.state` event, so a burst of telemetry becomes one message per
 * console per interval. Devices are pushed with their state at the time of sending.
 */
export class StateFanout {
  private pending = new Map<string, Pending>();
  /** Number of the push being gathered (a device is listed once per push: `LiveDevice.pushedIn`). */
  private pushSeq = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly live: LiveEvents,
    private readonly intervalMs = 1_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.emit(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.emit();
  }

  private of(projectId: string): Pending {
    let p = this.pending.get(projectId);
    if (!p) {
      p = { patches: new Map(), devices: [] };
      this.pending.set(projectId, p);
    }
    return p;
  }

  /** Devices whose state changed (readings, heartbeats). */
  addDevices(devices: readonly LiveDevice[], from = 0, to = devices.length): void {
    const seq = this.pushSeq;
    let projectId: string | undefined;
    let p: Pending | undefined;
    for (let i = from; i < to; i++) {
      const d = devices[i]!;
      if (d.pushedIn === seq) continue;
      d.pushedIn = seq;
      // Consecutive devices nearly always share a project: one map look-up per run of them.
      if (d.projectId !== projectId) {
        projectId = d.projectId;
        p = this.of(projectId);
      }
      p!.devices.push(d);
    }
  }

  /** Other changes (gateways' online state), merged per device or gateway. */
  add(changes: Change[]): void {
    for (const c of changes) {
      const patches = this.of(c.projectId).patches;
      const key = c.deviceId ?? `gw:${c.gatewayId}`;
      const entry = patches.get(key) ?? { id: c.deviceId ?? c.gatewayId, gatewayId: c.gatewayId };
      const patch = c.patch as Record<string, unknown>;
      for (const [k, v] of Object.entries(patch)) {
        if (k === 'values' && entry.values) entry.values = { ...(entry.values as object), ...(v as object) };
        else entry[k] = v;
      }
      if (!c.deviceId) entry.isGateway = true;
      patches.set(key, entry);
    }
  }

  emit(): void {
    const pending = this.pending;
    this.pending = new Map();
    this.pushSeq++;
    for (const [projectId, { patches, devices }] of pending) {
      // Built when serialised: a push reaches a WebSocket (or another node) only when somebody of
      // the project is connected, and building 100,000 entries a second for nobody was measurable.
      let built: { devices: Array<Record<string, unknown>> } | undefined;
      const payload = {
        toJSON: () => {
          built ??= { devices: [...patches.values(), ...devices.map((d) => d.pushEntry())] };
          return built;
        },
      };
      this.live.publish({ kind: 'device.state', projectId, payload });
    }
  }
}
