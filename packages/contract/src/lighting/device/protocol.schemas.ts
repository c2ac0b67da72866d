import { z } from 'zod';
import { jsonInput, textInput } from '../../text-input.schemas';
import {
  type CommandName,
  childKinds,
  commandNames,
  GATEWAY_SN_PATTERN,
  lampFaultCodes,
  PROTOCOL_VERSION,
} from './protocol';

/** Gateway serial numbers are the MQTT username and a topic level: no wildcards, no slashes. */
export const gatewaySnSchema = z.string().min(1).max(64).regex(GATEWAY_SN_PATTERN, 'sn');
/** A device's address behind its gateway (e.g. a PLC/Zigbee node id). */
export const deviceAddressSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'address');

const epochMs = z.number().int().min(0).max(8_640_000_000_000_000);
const pct = z.number().min(0).max(100);
const num = z.number().finite();

/** A lamp reading: TALQ lamp actuator + monitor. Every field is optional: send what changed or all. */
export const lampReadingSchema = z.object({
  dev: deviceAddressSchema,
  ts: epochMs.optional(),
  /** Light state. */
  on: z.boolean().optional(),
  /** Actual light level 0–100 %. */
  level: pct.optional(),
  /** Target light level 0–100 % (the last command or program). */
  target: pct.optional(),
  /** Ramp time of the current transition, seconds. */
  ramp: z.number().min(0).max(3600).optional(),
  /** Supply voltage, V. */
  voltage: num.optional(),
  /** Supply current, A. */
  current: num.optional(),
  /** Active power, W. */
  power: num.optional(),
  powerFactor: z.number().min(-1).max(1).optional(),
  /** Cumulative active energy, kWh. */
  energy: num.optional(),
  /** Cumulative operating hours. */
  hours: num.optional(),
  /** Cumulative switch-on count. */
  switchOns: z.number().int().min(0).optional(),
  /** Currently active fault flags (the full set; an empty list clears all). */
  faults: z.array(z.enum(lampFaultCodes)).max(lampFaultCodes.length).optional(),
});
export type LampReading = z.infer<typeof lampReadingSchema>;

/** An environment sensor reading. */
export const sensorReadingSchema = z.object({
  dev: deviceAddressSchema,
  ts: epochMs.optional(),
  /** °C */
  temperature: num.optional(),
  /** % RH */
  humidity: pct.optional(),
  /** µg/m³ */
  pm25: z.number().min(0).optional(),
  /** µg/m³ */
  pm10: z.number().min(0).optional(),
  /** dB(A) */
  noise: z.number().min(0).optional(),
  /** lux */
  illuminance: z.number().min(0).optional(),
  /** m/s */
  windSpeed: z.number().min(0).optional(),
  /** degrees from north, 0–360 */
  windDirection: z.number().min(0).max(360).optional(),
  /** hPa */
  pressure: z.number().min(0).optional(),
});
export type SensorReading = z.infer<typeof sensorReadingSchema>;

export const screenReadingSchema = z.object({
  dev: deviceAddressSchema,
  ts: epochMs.optional(),
  on: z.boolean().optional(),
  brightness: pct.optional(),
  program: z.string().max(128).nullable().optional(),
});
export const speakerReadingSchema = z.object({
  dev: deviceAddressSchema,
  ts: epochMs.optional(),
  volume: pct.optional(),
  playing: z.boolean().optional(),
  source: z.string().max(512).nullable().optional(),
});
export const cameraReadingSchema = z.object({
  dev: deviceAddressSchema,
  ts: epochMs.optional(),
  recording: z.boolean().optional(),
  streamUrl: z.string().max(512).optional(),
});

/** The schema of one reading, by the kind of the device it is for. */
export const readingSchemas = {
  lamp: lampReadingSchema,
  sensor: sensorReadingSchema,
  screen: screenReadingSchema,
  speaker: speakerReadingSchema,
  camera: cameraReadingSchema,
} as const;

/** `up/hello`: sent after every connect. Announces the gateway and the devices behind it. */
export const helloSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  ts: epochMs,
  model: z.string().max(64).optional(),
  firmware: z.string().max(64).optional(),
  /** Heartbeat interval the gateway will keep, seconds. */
  heartbeat: z.number().int().min(1).max(3600).optional(),
  /** The schedule version the gateway holds. */
  scheduleVersion: z.string().max(64).nullable().optional(),
  /**
   * Optional protocol features the gateway supports (see {@link gatewayFeatures}); the
   * platform uses a feature only with gateways that announce it.
   */
  features: z.array(z.string().max(32)).max(32).optional(),
  devices: z
    .array(
      z.object({ dev: deviceAddressSchema, kind: z.enum(childKinds), model: z.string().max(64).optional() }),
    )
    .max(5000)
    .default([]),
});
export type Hello = z.input<typeof helloSchema>;

/** `up/heartbeat`: liveness, plus devices the gateway cannot reach right now. */
export const heartbeatSchema = z.object({
  ts: epochMs,
  uptime: z.number().min(0).optional(),
  rssi: z.number().optional(),
  /** Addresses of devices behind the gateway that do not answer it. */
  offline: z.array(deviceAddressSchema).max(5000).optional(),
});
export type Heartbeat = z.input<typeof heartbeatSchema>;

/** `up/telemetry`: readings of one or more devices. Each reading is checked against its device's kind. */
export const telemetrySchema = z.object({
  ts: epochMs,
  readings: z.array(z.record(z.string(), z.unknown())).min(1).max(5000),
});

/** `up/event`: faults raised/cleared and other notable happenings. */
export const deviceEventSchema = z.object({
  /** Absent or the gateway's own sn: the event is about the gateway. */
  dev: deviceAddressSchema.optional(),
  ts: epochMs.optional(),
  type: z.enum(['fault']),
  code: z.string().min(1).max(64),
  /** true raised, false cleared. */
  active: z.boolean(),
  value: z.number().optional(),
  message: z.string().max(256).optional(),
});
export const eventSchema = z.object({
  ts: epochMs,
  events: z.array(deviceEventSchema).min(1).max(1000),
});
export type DeviceEventMessage = z.input<typeof eventSchema>;

/** One device's outcome within the ack of a multi-device command. */
export const deviceAckSchema = z.object({
  dev: deviceAddressSchema,
  status: z.enum(['ok', 'error']),
  reason: z.string().max(256).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
});

/** `up/ack`: the outcome of one command. Send the same ack again for a repeated command id. */
export const ackSchema = z.object({
  id: z.string().min(1).max(64),
  ts: epochMs.optional(),
  /** For a multi-device command: `ok` when every device succeeded. */
  status: z.enum(['ok', 'error']),
  reason: z.string().max(256).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  /** For a multi-device command (`devs`): the outcome of each device; devices absent here take `status`. */
  devices: z.array(deviceAckSchema).max(5000).optional(),
});
export type Ack = z.input<typeof ackSchema>;

/** `up/status`: retained; `{online:false}` is also the gateway's last will. */
export const statusSchema = z.object({ online: z.boolean(), ts: epochMs.optional() });

const level = pct;
const scheduleEntry = z.object({
  /** Local time "HH:mm", or an astronomical event with an offset. */
  at: z.union([
    z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    z.object({ event: z.enum(['sunrise', 'sunset']), offsetMinutes: z.number().int().min(-720).max(720) }),
  ]),
  level,
  ramp: z.number().min(0).max(3600).optional(),
});

/** Every command with its parameters. `cmd` selects the parameter schema. */
export const commandSchemas = {
  'lamp.switch': z.object({ on: z.boolean() }),
  'lamp.dim': z.object({ level, ramp: z.number().min(0).max(3600).default(0) }),
  /** Hold a level (or off) until `until` (epoch ms), then return to the schedule. */
  'lamp.override': z.object({ level, until: epochMs }),
  'lamp.schedule': z.object({
    version: z.string().min(1).max(64),
    days: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    entries: z.array(scheduleEntry).max(48),
  }),
  /** Level the gateway applies when it loses the platform for `afterSeconds`. */
  'gateway.fallback': z.object({ level, afterSeconds: z.number().int().min(10).max(86_400).default(300) }),
  /** Switches a distribution-cabinet circuit through the gateway's contactor `channel`. */
  'circuit.switch': z.object({ channel: z.number().int().min(1).max(64), on: z.boolean() }),
  'led.power': z.object({ on: z.boolean() }),
  'led.brightness': z.object({ level }),
  'led.program': z.object({ programId: z.string().min(1).max(64), url: z.string().max(512).optional() }),
  'speaker.volume': z.object({ volume: level }),
  'speaker.play': z.object({ source: z.string().min(1).max(512), loop: z.boolean().default(false) }),
  'speaker.stop': z.object({}),
  'device.reboot': z.object({}),
  /** The platform fills `time` when it is absent. */
  'device.clockSync': z.object({ time: epochMs.optional() }),
} as const satisfies Record<CommandName, z.ZodType>;
export type CommandParams<C extends CommandName> = z.output<(typeof commandSchemas)[C]>;

export const commandMessageSchema = z
  .object({
    id: z.string().min(1).max(64),
    ts: epochMs,
    dev: deviceAddressSchema.optional(),
    devs: z.array(deviceAddressSchema).min(1).max(5000).optional(),
    cmd: z.enum(commandNames as [CommandName, ...CommandName[]]),
    params: z.record(z.string(), z.unknown()),
    expires: epochMs.optional(),
  })
  .refine((m) => !(m.dev && m.devs), { message: 'dev and devs are exclusive', path: ['devs'] });

/** A command as an API caller gives it: name and parameters, checked against the command's schema. */
export const commandInputSchema = z
  .object({
    cmd: z.enum(commandNames as [CommandName, ...CommandName[]]),
    // Stored with the command: no control character may reach the database.
    params: z.record(textInput(), jsonInput()).default({}),
  })
  .transform((value, ctx) => {
    const parsed = commandSchemas[value.cmd].safeParse(value.params);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['params', ...issue.path] });
      return z.NEVER;
    }
    return { cmd: value.cmd, params: parsed.data as Record<string, unknown> };
  });
export type CommandInput = z.output<typeof commandInputSchema>;
