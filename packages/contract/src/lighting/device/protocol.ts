/**
 * The ICS device protocol, version 1: MQTT topics and JSON payloads between the platform and
 * gateways (concentrators). A gateway speaks for the devices behind it on its own connection;
 * a device that connects directly is a gateway with one device. Documented in
 * `docs/device-protocol.md`; this file (names, kinds, topics) and `protocol.schemas.ts` (the
 * payloads) are the single definition used by the server, the simulator and the tests
 * (`@ics/contract/protocol`).
 */
export const PROTOCOL_VERSION = 1;
export const TOPIC_PREFIX = 'ics/v1';

/** Messages a gateway publishes (under `ics/v1/{sn}/up/`). */
export const upTopics = ['hello', 'heartbeat', 'telemetry', 'event', 'ack', 'status'] as const;
export type UpTopic = (typeof upTopics)[number];

export const topics = {
  up: (sn: string, kind: UpTopic) => `${TOPIC_PREFIX}/${sn}/up/${kind}`,
  /** Commands to a gateway or the devices behind it. */
  down: (sn: string) => `${TOPIC_PREFIX}/${sn}/down/cmd`,
  /** What the platform subscribes to (every gateway's uplink). */
  allUp: `${TOPIC_PREFIX}/+/up/+`,
  /** The same as an MQTT 5 / 3.1.1 shared subscription: each message reaches one API node of the group. */
  sharedUp: (group: string) => `$share/${group}/${TOPIC_PREFIX}/+/up/+`,
} as const;

/** Gateway serial numbers are the MQTT username and a topic level: no wildcards, no slashes. */
export const GATEWAY_SN_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** Parses `ics/v1/{sn}/up/{kind}`; null for anything else. */
export function parseUpTopic(topic: string): { sn: string; kind: UpTopic } | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== 'ics' || parts[1] !== 'v1' || parts[3] !== 'up') return null;
  const kind = parts[4] as UpTopic;
  if (!upTopics.includes(kind) || !parts[2]) return null;
  return { sn: parts[2], kind };
}

export const deviceKinds = ['gateway', 'lamp', 'sensor', 'screen', 'speaker', 'camera'] as const;
export type DeviceKind = (typeof deviceKinds)[number];
/** Kinds that sit behind a gateway. */
export const childKinds = ['lamp', 'sensor', 'screen', 'speaker', 'camera'] as const;
export type ChildKind = (typeof childKinds)[number];

/** Lamp fault flags (TALQ lamp monitor). */
export const lampFaultCodes = [
  'lampFailure',
  'dimmingFailure',
  'relayFailure',
  'supplyLoss',
  'dayBurning',
  'controlGearCommFailure',
  'highVoltage',
  'lowVoltage',
  'highCurrent',
  'lowCurrent',
  'highPower',
  'lowPower',
] as const;
export type LampFaultCode = (typeof lampFaultCodes)[number];

/**
 * Optional protocol features a gateway announces in `hello.features`:
 * - `multi`: accepts one command for several devices (`devs` in `down/cmd`) and answers it
 *   with one ack carrying every device's outcome (`devices` in `up/ack`).
 */
export const gatewayFeatures = ['multi'] as const;
export type GatewayFeature = (typeof gatewayFeatures)[number];

const targets = {
  'lamp.switch': ['lamp'],
  'lamp.dim': ['lamp'],
  'lamp.override': ['lamp'],
  'lamp.schedule': ['gateway', 'lamp'],
  'gateway.fallback': ['gateway'],
  'circuit.switch': ['gateway'],
  'led.power': ['screen'],
  'led.brightness': ['screen'],
  'led.program': ['screen'],
  'speaker.volume': ['speaker'],
  'speaker.play': ['speaker'],
  'speaker.stop': ['speaker'],
  'device.reboot': ['gateway', 'screen', 'speaker', 'camera'],
  'device.clockSync': ['gateway'],
} as const satisfies Record<string, readonly DeviceKind[]>;

/** A command a gateway or a device behind it accepts; `protocol.schemas.ts` holds each one's parameters. */
export type CommandName = keyof typeof targets;
export const commandNames = Object.keys(targets) as CommandName[];
/** Which device kinds accept a command (`gateway` = the gateway itself). */
export const commandTargets: Record<CommandName, readonly DeviceKind[]> = targets;

/**
 * `down/cmd`: one command, QoS 1. `dev` absent means the gateway itself. `devs` (only to
 * gateways that announced the `multi` feature) applies the same command to several devices
 * behind the gateway; the ack then lists each device's outcome.
 */
export type CommandMessage = {
  id: string;
  ts: number;
  dev?: string;
  devs?: string[];
  cmd: CommandName;
  params: Record<string, unknown>;
  /** After this instant (epoch ms) the device should not execute it any more. */
  expires?: number;
};

/** `up/telemetry` as a gateway sends it (`telemetrySchema` checks each reading against its device's kind). */
export type Telemetry = { ts: number; readings: Array<{ dev: string; ts?: number; [k: string]: unknown }> };
