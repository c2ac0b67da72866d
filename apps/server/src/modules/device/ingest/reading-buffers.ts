import type { LampReading, SensorReading } from '@ics/contract/server';
import type { DeviceRef, GatewayInfo } from '../directory/gateway-directory';
import { LampColumns, SensorColumns } from '../telemetry/reading-columns';
import type { DeviceConditionEvents } from './condition-events';
import type { ExpressDevices, ExpressLane } from './express-lane';
import type { IngestStats } from './ingest-events';
import type { LiveDevices } from './live-devices';

/**
 * Last resort: above this many buffered readings new ones are dropped (and counted). Held-back
 * senders still deliver what the broker had already read from them (about one socket read per
 * gateway, several messages), so the backlog overshoots the high-water mark; measured with
 * 1,000 gateways: up to ~1 M readings with a 200,000 mark.
 */
const MAX_BUFFERED = 2_000_000;

/**
 * Valid readings into per-kind column buffers (the history a flush writes) and into their
 * devices' live state; a lamp's fault flags go on to the condition events, and the state of a
 * device a command just changed to the express lane.
 */
export class ReadingBuffers {
  lamps = new LampColumns();
  sensors = new SensorColumns();
  /** Column buffers written and emptied, reused by the next flushes. */
  private readonly spareLamps: LampColumns[] = [];
  private readonly spareSensors: SensorColumns[] = [];

  constructor(
    private readonly devices: LiveDevices,
    private readonly conditions: DeviceConditionEvents,
    private readonly express: ExpressLane,
    private readonly stats: IngestStats,
    /** Readings buffered at which a flush starts at once. */
    private readonly batchSize: number,
    private readonly full: () => void,
  ) {}

  /** Readings buffered. */
  get size(): number {
    return this.lamps.size + this.sensors.size;
  }

  /** Takes the buffered readings; empty buffers take their place. */
  take(): { lamps: LampColumns; sensors: SensorColumns } {
    const taken = { lamps: this.lamps, sensors: this.sensors };
    this.lamps = this.spareLamps.pop() ?? new LampColumns();
    this.sensors = this.spareSensors.pop() ?? new SensorColumns();
    return taken;
  }

  /** Buffers taken and written, emptied for reuse. */
  readonly recycle = (lamps: LampColumns, sensors: SensorColumns): void => {
    lamps.reset();
    sensors.reset();
    this.spareLamps.push(lamps);
    this.spareSensors.push(sensors);
  };

  /** Adds a valid reading of `ts` (epoch ms); `express`: the gateway's devices in the express lane. */
  add(
    gw: GatewayInfo,
    ref: DeviceRef,
    data: Record<string, unknown>,
    ts: number,
    express: ExpressDevices | null,
  ): void {
    if (this.size >= MAX_BUFFERED) {
      this.stats.dropped++;
      return;
    }
    this.stats.readings++;
    const d = this.devices.device(gw, ref, ts);
    d.online = true;
    d.onlinePending = true;
    // A reading older than the one the state holds is history, not state: a gateway's messages
    // can be handled out of order (one waiting for its turn while the broker reads the next ones
    // of its connection, a command's ack and report among them), and merging it would take the
    // state back to before the command until the next report.
    const newest = d.takeReadingTime(ts);
    if (ref.kind === 'lamp') {
      const r = data as LampReading;
      this.lamps.add(ts, ref.id, gw.projectId, r, d.index);
      if (newest) d.merge(data, true);
      if (r.faults) {
        if (newest) d.reportFaults(r.faults);
        // Fault events keep their own order per device (condition-events.ts, several nodes).
        this.conditions.faults(gw, ref.id, r.faults, ts);
      }
    } else {
      if (ref.kind === 'sensor') this.sensors.add(ts, ref.id, gw.projectId, data as SensorReading, d.index);
      if (newest) d.merge(data, false);
    }
    if (express && !d.express && (express === 'all' || express.has(ref.id))) this.express.addState(d);
    if (this.size >= this.batchSize) this.full();
  }
}
