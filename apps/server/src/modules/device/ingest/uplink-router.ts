import {
  ackSchema,
  eventSchema,
  heartbeatSchema,
  helloSchema,
  parseUpTopic,
  readingSchemas,
  statusSchema,
  telemetrySchema,
} from '@ics/contract/server';
import type { HeardAck } from '../commands/heard-acks';
import type { GatewayDirectory, GatewayInfo } from '../directory/gateway-directory';
import type { RawMessageLog } from '../live/raw-log';
import type { DeviceConditionEvents } from './condition-events';
import type { ExpressDevices, ExpressLane } from './express-lane';
import { fastLamp, fastSensor, fastTelemetry } from './fast-check';
import type { GatewayPresence } from './gateway-presence';
import type { CommandAcks, IngestLogger, IngestStats } from './ingest-events';
import type { LiveDevices } from './live-devices';
import type { ReadingBuffers } from './reading-buffers';
import type { Registration } from './registration';
import type { StateWriter } from './state-writer';

/** The stages a routed message goes on to. */
export type RouteTargets = {
  directory: GatewayDirectory;
  registration: Registration;
  presence: GatewayPresence;
  devices: LiveDevices;
  buffers: ReadingBuffers;
  conditions: DeviceConditionEvents;
  states: StateWriter;
  express: ExpressLane;
  commands: CommandAcks;
  rawLog: RawMessageLog;
};

/** How often the invalid messages of one gateway are logged at most. */
const LOG_EVERY_MS = 60_000;

/**
 * Routes an uplink message by its topic to what handles its kind, after finding its gateway and
 * validating its payload (lamps' and sensors' readings with a precompiled check, the rest with
 * the protocol's schemas). An invalid message is counted, logged at most once a minute per
 * gateway, and dropped; it never reaches the database.
 */
export class UplinkRouter {
  private readonly lastLogged = new Map<string, number>();

  constructor(
    private readonly to: RouteTargets,
    private readonly stats: IngestStats,
    private readonly log: IngestLogger,
    private readonly retentionDays: number,
  ) {}

  /** Handles one message; answers the pending lookup when its gateway is not cached yet. */
  accept(topic: string, payload: Buffer): Promise<void> | undefined {
    this.stats.messages++;
    const route = parseUpTopic(topic);
    if (!route) {
      this.invalid('?', 'topic', topic);
      return undefined;
    }
    const registering = this.to.registration.waitFor(route.sn);
    const gateway = registering ? undefined : this.to.directory.peek(route.sn);
    if (gateway === undefined) {
      return (registering ?? Promise.resolve())
        .then(() => this.to.directory.get(route.sn))
        .then((gw) => this.dispatch(gw, route.sn, route.kind, topic, payload))
        .catch((error: Error) => this.log.error({ err: error, sn: route.sn }, 'gateway lookup failed'));
    }
    this.dispatch(gateway, route.sn, route.kind, topic, payload);
    return undefined;
  }

  private dispatch(gw: GatewayInfo | null, sn: string, kind: string, topic: string, payload: Buffer) {
    if (!gw) {
      this.invalid(sn, 'unknown_gateway', topic);
      return;
    }
    const text = payload.toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      this.to.rawLog.record(gw.id, gw.projectId, 'up', topic, text, 'not JSON');
      this.invalid(sn, 'json', topic);
      return;
    }
    const error = this.route(gw, kind, body);
    this.to.rawLog.record(gw.id, gw.projectId, 'up', topic, text, error ?? undefined);
    if (error) this.invalid(sn, `${kind}`, `${topic}: ${error}`);
  }

  /** Handles one parsed message; answers a problem description when (part of) it was dropped. */
  private route(gw: GatewayInfo, kind: string, body: unknown): string | null {
    const now = Date.now();
    const { presence } = this.to;
    switch (kind) {
      case 'hello': {
        const parsed = helloSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        presence.touch(gw.id, now);
        this.to.registration.hello(gw, parsed.data);
        return null;
      }
      case 'heartbeat': {
        const parsed = heartbeatSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        presence.touch(gw.id, now);
        const offline = new Set(parsed.data.offline ?? []);
        // Devices the gateway cannot reach are offline; the others answer through it.
        for (const [address, ref] of gw.devices) {
          const d = this.to.devices.device(gw, ref, now);
          d.online = !offline.has(address);
          d.onlinePending = true;
        }
        this.to.conditions.heartbeat(gw, parsed.data.offline ?? [], parsed.data.ts, now);
        return null;
      }
      case 'telemetry': {
        let telemetry = fastTelemetry(body);
        if (!telemetry) {
          const parsed = telemetrySchema.safeParse(body);
          if (!parsed.success) return describe(parsed.error);
          telemetry = parsed.data;
        }
        presence.touch(gw.id, now);
        const express = this.to.express.devicesOf(gw.sn, now);
        let problems = 0;
        let first: string | null = null;
        for (const raw of telemetry.readings) {
          const problem = this.reading(gw, raw, telemetry.ts, now, express);
          if (problem) {
            problems++;
            first ??= problem;
          }
        }
        if (problems) this.stats.invalid += problems - 1; // the message itself counts once in invalid()
        if (express) this.to.express.schedule();
        return first ? `${problems} reading(s) dropped: ${first}` : null;
      }
      case 'event': {
        const parsed = eventSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        presence.touch(gw.id, now);
        for (const e of parsed.data.events) {
          const ref = e.dev && e.dev !== gw.sn ? gw.devices.get(e.dev) : undefined;
          if (e.dev && e.dev !== gw.sn && !ref) return `unknown device ${e.dev}`;
          const ts = clampTs(e.ts ?? parsed.data.ts, now) ?? now;
          this.to.conditions.reported(gw, ref?.id ?? null, e.code, e.active, ts, e.message ?? null);
          if (ref) this.to.states.fault({ deviceId: ref.id, code: e.code, active: e.active });
        }
        return null;
      }
      case 'ack': {
        const parsed = ackSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        presence.touch(gw.id, now);
        const a = parsed.data;
        const heard: HeardAck = {
          id: a.id,
          gatewayId: gw.id,
          status: a.status === 'ok' ? 'acked' : 'failed',
          reason: a.reason ?? null,
          result: a.result ?? null,
          ts: now,
          ...(a.devices
            ? {
                devices: a.devices.map((d) => ({
                  dev: d.dev,
                  status: d.status === 'ok' ? ('acked' as const) : ('failed' as const),
                  reason: d.reason ?? null,
                  result: d.result ?? null,
                })),
              }
            : {}),
        };
        this.to.commands.hear(heard);
        this.to.express.ack(heard, gw.sn, now, this.to.commands.devicesOf(a.id));
        return null;
      }
      case 'status': {
        const parsed = statusSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        if (parsed.data.online) presence.touch(gw.id, now);
        else presence.gone(gw.id);
        return null;
      }
      default:
        return 'unknown topic';
    }
  }

  /** Validates one reading and buffers it; answers why it was dropped. */
  private reading(
    gw: GatewayInfo,
    raw: Record<string, unknown>,
    messageTs: number,
    now: number,
    express: ExpressDevices | null,
  ): string | null {
    const address = typeof raw.dev === 'string' ? raw.dev : undefined;
    const ref = address ? gw.devices.get(address) : undefined;
    if (!ref) return `unknown device ${String(address)}`;
    // Lamps and sensors (nearly all readings) take the precompiled check; zod decides the rest.
    let data: Record<string, unknown> | null =
      ref.kind === 'lamp' ? fastLamp(raw) : ref.kind === 'sensor' ? fastSensor(raw) : null;
    if (!data) {
      const parsed = readingSchemas[ref.kind].safeParse(raw);
      if (!parsed.success) return `${address}: ${describe(parsed.error)}`;
      data = parsed.data as Record<string, unknown>;
    }
    const ts = clampTs((data.ts as number | undefined) ?? messageTs, now, this.retentionDays);
    if (ts === null) return `${address}: ts out of range`;
    this.to.buffers.add(gw, ref, data, ts, express);
    return null;
  }

  private invalid(sn: string, reason: string, detail: string) {
    this.stats.invalid++;
    this.stats.invalidBy[reason] = (this.stats.invalidBy[reason] ?? 0) + 1;
    const now = Date.now();
    if ((this.lastLogged.get(sn) ?? 0) + LOG_EVERY_MS > now) return;
    if (this.lastLogged.size > 50_000) this.lastLogged.clear();
    this.lastLogged.set(sn, now);
    this.log.warn({ sn, reason, detail: detail.slice(0, 300) }, 'device message dropped');
  }
}

const DAY_MS = 86_400_000;

/** Accepts a timestamp within the retention window and at most a day ahead (clock skew); null otherwise. */
function clampTs(ts: number, now: number, retentionDays = 3650): number | null {
  if (ts > now + DAY_MS || ts < now - retentionDays * DAY_MS) return null;
  return ts;
}

function describe(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || 'payload'}: ${issue.message}` : 'invalid';
}
