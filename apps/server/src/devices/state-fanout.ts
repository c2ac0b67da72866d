import type { LiveEvents } from './live-events';

type Change = { projectId: string; gatewayId: string; deviceId: string | null; patch: object };

/**
 * Throttles latest-state pushes: changes are merged per device and sent at most once per
 * `intervalMs` per project as one `device.state` event, so a burst of telemetry becomes one
 * message per console per interval.
 */
export class StateFanout {
  private readonly pending = new Map<string, Map<string, Record<string, unknown>>>();
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

  add(changes: Change[]): void {
    for (const c of changes) {
      let project = this.pending.get(c.projectId);
      if (!project) {
        project = new Map();
        this.pending.set(c.projectId, project);
      }
      const key = c.deviceId ?? `gw:${c.gatewayId}`;
      const entry = project.get(key) ?? { id: c.deviceId ?? c.gatewayId, gatewayId: c.gatewayId };
      const patch = c.patch as Record<string, unknown>;
      for (const [k, v] of Object.entries(patch)) {
        if (k === 'values' && entry.values) entry.values = { ...(entry.values as object), ...(v as object) };
        else entry[k] = v;
      }
      if (!c.deviceId) entry.isGateway = true;
      project.set(key, entry);
    }
  }

  emit(): void {
    for (const [projectId, devices] of this.pending) {
      this.live.publish({ kind: 'device.state', projectId, payload: { devices: [...devices.values()] } });
    }
    this.pending.clear();
  }
}
