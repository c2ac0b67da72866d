import type { LiveEvent, LiveEvents } from '../device';
import type { Clear } from './alarm.repository';
import type { AlarmEngine, Condition } from './alarm-engine';

/** Events are applied in batches this often (a storm of faults becomes a few statements). */
const FLUSH_MS = 200;
/** A batch this large is applied at once. */
const BATCH_MAX = 5_000;

type FaultPayload = { gatewayId: string; deviceId: string | null; code: string; active: boolean; ts: number };
type OnlinePayload = { gatewayId: string; deviceId: string | null; online: boolean; ts: number };

/**
 * Alarms from what the device module reports: its live events `device.fault` (a fault flag
 * raised or cleared, of a device or of the gateway itself) and `device.online` (a gateway or a
 * device behind it gone or back). The device module emits each change once, on the node whose
 * statement made it, so each is applied once; the alarm statements are safe even if not.
 */
export class DeviceAlarmSource {
  private conditions: Condition[] = [];
  private clears: Clear[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;
  /** Batches that failed (their events are lost; the offline reconciliation repairs offline alarms). */
  failures = 0;

  constructor(
    live: LiveEvents,
    private readonly engine: AlarmEngine,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.unsubscribe = live.subscribe((event) => this.hear(event));
  }

  private hear(event: LiveEvent): void {
    if (event.kind === 'device.fault') this.fault(event.projectId, event.payload as FaultPayload);
    else if (event.kind === 'device.online') this.online(event.projectId, event.payload as OnlinePayload);
    else return;
    if (this.conditions.length + this.clears.length >= BATCH_MAX) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  private fault(projectId: string, p: FaultPayload): void {
    this.report(projectId, p, 'fault', p.code, p.active);
  }

  private online(projectId: string, p: OnlinePayload): void {
    this.report(projectId, p, 'offline', p.deviceId ? 'device_offline' : 'gateway_offline', !p.online);
  }

  /** A device's condition (or its gateway's, without a device) raised or reported gone. */
  private report(
    projectId: string,
    p: { gatewayId: string; deviceId: string | null; ts: number },
    type: Condition['type'],
    code: string,
    raised: boolean,
  ): void {
    const sourceKind = p.deviceId ? 'device' : 'gateway';
    const sourceId = p.deviceId ?? p.gatewayId;
    const at = new Date(p.ts);
    if (!raised) {
      this.clears.push({ sourceKind, sourceId, code, at });
      return;
    }
    this.conditions.push({
      projectId,
      sourceKind,
      sourceId,
      deviceId: p.deviceId,
      gatewayId: p.gatewayId,
      poleId: null,
      type,
      code,
      at,
      detail: {},
    });
  }

  /** Applies what was heard (one batch at a time, in order). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const conditions = this.conditions;
    const clears = this.clears;
    this.conditions = [];
    this.clears = [];
    this.flushing = this.flushing.then(async () => {
      if (conditions.length === 0 && clears.length === 0) return;
      try {
        // Raise first: a fault raised and cleared within one batch ends cleared.
        await this.engine.observe(conditions);
        await this.engine.clear(clears);
      } catch (err) {
        this.failures++;
        this.onError(err);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.flush();
  }
}
