import type { HeardAck } from '../commands/heard-acks';
import type { LiveDevice } from './live-device';

/**
 * What the stages of ingestion hand each other and the rest of the module. A message is routed
 * and validated (`uplink-router.ts`, after `uplink-intake.ts` admitted it), its readings go into
 * per-kind buffers and their devices' live state (`reading-buffers.ts`, `live-devices.ts`), and
 * the writers store them (`history-writer.ts`, `state-writer.ts`, `express-lane.ts` for acks,
 * `condition-events.ts`, `gateway-presence.ts`, `registration.ts`); offline marking stands apart
 * (`offline-marking.ts`). Stages call each other per reading without allocating; what leaves the
 * pipeline leaves per batch, as the events below.
 */

export type IngestLogger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type IngestStats = {
  messages: number;
  /** Readings accepted, and of those, written to the history tables. */
  readings: number;
  stored: number;
  invalid: number;
  /** Invalid messages by reason. */
  invalidBy: Record<string, number>;
  flushes: number;
  flushErrors: number;
  lastFlushMs: number;
  /** Time spent in flushes, and of it writing the readings (diagnostics: where a backlog comes from). */
  flushMs: number;
  historyMs: number;
  /** Readings dropped past `MAX_BUFFERED` (only when the bus cannot hold senders back). */
  dropped: number;
  /** Messages whose sender the bus held back until the backlog shrank (backpressure). */
  heldBack: number;
};

export const emptyStats = (): IngestStats => ({
  messages: 0,
  readings: 0,
  stored: 0,
  invalid: 0,
  invalidBy: {},
  flushes: 0,
  flushErrors: 0,
  lastFlushMs: 0,
  flushMs: 0,
  historyMs: 0,
  dropped: 0,
  heldBack: 0,
});

/** A change of a gateway's (or device's) state other than by readings, such as going offline. */
export type StateChange = { projectId: string; gatewayId: string; deviceId: string | null; patch: object };

/** The events ingestion sends out, per batch (consoles are told from them). */
export type IngestEvents = {
  /** Devices whose state changed, `from`–`to` of the list (pushed to consoles from memory). */
  onDevicesChanged(devices: readonly LiveDevice[], from?: number, to?: number): void;
  /** Gateways whose online state changed (their events are written by ingestion). */
  onStateChanges(changes: StateChange[]): void;
};

/** What ingestion needs of the commands module: acks go to it, and who awaits them. */
export type CommandAcks = {
  /** An ack just received (answered by the command API before its row is written). */
  hear(ack: HeardAck): void;
  /** Writes acks on their commands' rows (and publishes the outcomes). */
  record(acks: HeardAck[]): Promise<void>;
  /** Whether commands sent to this gateway await acks (it is then never held back). */
  awaitingAck(gatewaySn: string): boolean;
  /** The devices a command sent from this node addresses (undefined: not followed here). */
  devicesOf(commandId: string): readonly string[] | undefined;
};
