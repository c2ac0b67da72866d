import {
  type Ack,
  type ChildKind,
  type CommandMessage,
  commandMessageSchema,
  commandSchemas,
  commandTargets,
  type Hello,
  type LampFaultCode,
  PROTOCOL_VERSION,
  topics,
} from '@ics/contract/protocol';
import mqtt, { type MqttClient } from 'mqtt';

export type GatewayCredential = { sn: string; password: string };

export type SimulatorOptions = {
  /** Broker URL, e.g. mqtt://localhost:1884. */
  url: string;
  gateways: GatewayCredential[];
  lampsPerGateway: number;
  /** Level the lamps start at, 0 for off (default 80, lit). */
  lampLevel?: number;
  sensorsPerGateway?: number;
  screensPerGateway?: number;
  speakersPerGateway?: number;
  camerasPerGateway?: number;
  /** Seconds between two telemetry messages of a gateway (each carries every device's reading). */
  telemetryIntervalSeconds?: number;
  /**
   * Seconds over which the gateways' first telemetry messages (and so every later one) are spread
   * at random (default: the interval, at most 2 s, so that a demo shows readings at once).
   */
  telemetrySpreadSeconds?: number;
  heartbeatSeconds?: number;
  /** Probability per lamp per telemetry tick that a fault is raised (and, when raised, cleared). */
  faultRate?: number;
  /**
   * Lamps that report a fault from the start and keep it (random faults leave them alone): a
   * demo shows a lamp in fault at once instead of waiting for `faultRate` to raise one.
   */
  standingFaults?: Array<{ sn: string; dev: string; code: LampFaultCode }>;
  /**
   * Probability per gateway per telemetry tick that it drops off the network without a clean
   * disconnect (the broker publishes its will), to come back after `offlineSeconds`.
   */
  offlineRate?: number;
  /** Seconds a dropped gateway stays away before it reconnects (default 60). */
  offlineSeconds?: number;
  /** Gateways connecting at the same time in `Simulator.start()` (default 10). */
  connectConcurrency?: number;
  /**
   * `Simulator.start()` connects every gateway before any of them starts its periodic messages,
   * so that a large fleet authenticates without also carrying its full telemetry load.
   */
  startTogether?: boolean;
  /** Announce the `multi` feature (one command for many devices); default true. */
  multi?: boolean;
  log?: (line: string) => void;
};

type LampState = {
  on: boolean;
  level: number;
  target: number;
  ramp: number;
  ratedPower: number;
  energy: number;
  hours: number;
  switchOns: number;
  faults: Set<LampFaultCode>;
  overrideUntil: number | null;
};

type DeviceSim = { dev: string; kind: ChildKind; lamp?: LampState; values: Record<string, unknown> };

/** The faults `faultRate` raises: each leaves its mark on the lamp's readings (see `reading`). */
const randomFaults: readonly LampFaultCode[] = ['lampFailure', 'supplyLoss', 'controlGearCommFailure'];

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const jitter = (n: number, spread: number) => n + (Math.random() * 2 - 1) * spread;

/**
 * One simulated gateway: connects with its credentials, says hello, heartbeats, reports
 * telemetry, executes commands and acks them exactly as a third-party gateway would.
 */
export class SimulatedGateway {
  readonly devices = new Map<string, DeviceSim>();
  private client: MqttClient | null = null;
  private timers: NodeJS.Timeout[] = [];
  private readonly acks = new Map<string, Ack>();
  /** Set while `Simulator.start()` holds the periodic messages back (`startTogether`). */
  held = false;
  scheduleVersion: string | null = null;
  fallbackLevel = 50;
  /** Contactor channel → on, for `circuit.switch`. */
  readonly circuits = new Map<number, boolean>();
  /** The last schedule received (`lamp.schedule` params). */
  schedule: Record<string, unknown> | null = null;
  sent = 0;
  /** Readings published in telemetry messages (for counting what ingestion must store). */
  readingsSent = 0;
  commandsReceived = 0;
  /** Publishes handed to the client and not yet written to its socket. */
  inFlight = 0;
  /** Times this gateway dropped off the network (`dropOffline`). */
  drops = 0;
  /**
   * Bumped by every drop and disconnect, so that a reconnect planned by an earlier drop
   * does not bring back a gateway that was stopped or dropped again since.
   */
  private generation = 0;
  /** Lamps whose fault stands (`standingFaults`): random faults neither raise nor clear theirs. */
  private readonly standing = new Set<string>();

  constructor(
    readonly credential: GatewayCredential,
    private readonly options: SimulatorOptions,
  ) {
    const startLevel = options.lampLevel ?? 80;
    const add = (kind: ChildKind, count: number, prefix: string) => {
      for (let i = 1; i <= count; i++) {
        const dev = `${prefix}${String(i).padStart(3, '0')}`;
        const sim: DeviceSim = { dev, kind, values: {} };
        if (kind === 'lamp')
          sim.lamp = {
            on: startLevel > 0,
            level: startLevel || 80,
            target: startLevel || 80,
            ramp: 0,
            ratedPower: 100 + 50 * (i % 3),
            energy: round(Math.random() * 500, 3),
            hours: Math.floor(Math.random() * 10_000),
            switchOns: Math.floor(Math.random() * 3000),
            faults: new Set(),
            overrideUntil: null,
          };
        if (kind === 'screen') sim.values = { on: true, brightness: 70, program: null };
        if (kind === 'speaker') sim.values = { volume: 50, playing: false, source: null };
        if (kind === 'camera') sim.values = { recording: true };
        this.devices.set(dev, sim);
      }
    };
    add('lamp', options.lampsPerGateway, 'L');
    add('sensor', options.sensorsPerGateway ?? 0, 'S');
    add('screen', options.screensPerGateway ?? 0, 'D');
    add('speaker', options.speakersPerGateway ?? 0, 'R');
    add('camera', options.camerasPerGateway ?? 0, 'C');
    for (const f of options.standingFaults ?? []) {
      const lamp = f.sn === credential.sn ? this.devices.get(f.dev)?.lamp : undefined;
      if (!lamp) continue;
      lamp.faults.add(f.code);
      this.standing.add(f.dev);
    }
  }

  get sn() {
    return this.credential.sn;
  }

  get connected() {
    return this.client?.connected ?? false;
  }

  async connect(): Promise<void> {
    const sn = this.sn;
    const client = await mqtt.connectAsync(this.options.url, {
      clientId: sn,
      username: sn,
      password: this.credential.password,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 0,
      will: {
        topic: topics.up(sn, 'status'),
        payload: Buffer.from('{"online":false}'),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('message', (_topic, payload) => void this.onCommand(payload));
    await client.subscribeAsync(topics.down(sn), { qos: 1 });
    await this.publish('status', { online: true, ts: Date.now() }, true);
    const hello: Hello = {
      v: PROTOCOL_VERSION,
      ts: Date.now(),
      model: 'ICS-SIM-GW',
      firmware: '1.0.0',
      heartbeat: this.options.heartbeatSeconds ?? 30,
      scheduleVersion: this.scheduleVersion,
      ...(this.options.multi === false ? {} : { features: ['multi'] }),
      devices: [...this.devices.values()].map((d) => ({ dev: d.dev, kind: d.kind, model: `SIM-${d.kind}` })),
    };
    await this.publish('hello', hello);
    if (!this.held) this.startTimers();
  }

  /** Starts the periodic heartbeat and telemetry (done by `connect()` unless held). */
  startTimers() {
    this.stopTimers();
    const hb = (this.options.heartbeatSeconds ?? 30) * 1000;
    const tel = (this.options.telemetryIntervalSeconds ?? 10) * 1000;
    this.timers.push(setInterval(() => void this.heartbeat(), hb));
    // Spread gateways over the interval so a large simulation does not publish in bursts.
    const spread = (this.options.telemetrySpreadSeconds ?? Math.min(tel / 1000, 2)) * 1000;
    const first = setTimeout(() => {
      void this.telemetry();
      this.timers.push(setInterval(() => void this.telemetry(), tel));
    }, Math.random() * spread);
    this.timers.push(first);
  }

  private stopTimers() {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** Stops the periodic heartbeat and telemetry; the gateway stays connected and answers commands. */
  pause(): void {
    this.stopTimers();
  }

  private publish(kind: Parameters<typeof topics.up>[1], body: unknown, retain = false): Promise<void> {
    const client = this.client;
    if (!client?.connected) return Promise.resolve();
    this.sent++;
    if (kind === 'telemetry') this.readingsSent += (body as { readings: unknown[] }).readings.length;
    this.inFlight++;
    return client
      .publishAsync(topics.up(this.sn, kind), JSON.stringify(body), { qos: kind === 'ack' ? 1 : 0, retain })
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        this.inFlight--;
      });
  }

  heartbeat(): Promise<void> {
    return this.publish('heartbeat', { ts: Date.now(), uptime: Math.round(process.uptime()) });
  }

  /** Builds the current reading of one device (lamps: level, power and the electrical values). */
  reading(sim: DeviceSim, dtHours = 0): Record<string, unknown> {
    const now = Date.now();
    if (sim.lamp) {
      const l = sim.lamp;
      if (l.overrideUntil && l.overrideUntil < now) l.overrideUntil = null;
      const supplied = !l.faults.has('supplyLoss');
      const lit = l.on && supplied && !l.faults.has('lampFailure');
      const voltage = supplied ? round(jitter(220, 3), 1) : 0;
      const power = lit ? round((l.ratedPower * Math.max(l.level, 5)) / 100 + jitter(0, 0.5), 1) : 0;
      const pf = lit ? round(jitter(0.95, 0.01), 2) : 0;
      const current = lit ? round(power / (voltage * pf), 3) : 0;
      l.energy = round(l.energy + (power / 1000) * dtHours, 4);
      if (lit) l.hours = round(l.hours + dtHours, 3);
      return {
        dev: sim.dev,
        on: l.on,
        level: l.on ? l.level : 0,
        target: l.target,
        ramp: l.ramp,
        voltage,
        current,
        power,
        powerFactor: pf,
        energy: l.energy,
        hours: l.hours,
        switchOns: l.switchOns,
        faults: [...l.faults],
      };
    }
    if (sim.kind === 'sensor')
      return {
        dev: sim.dev,
        temperature: round(jitter(18, 4), 1),
        humidity: round(Math.min(100, Math.max(0, jitter(60, 10))), 1),
        pm25: round(Math.max(0, jitter(35, 15)), 0),
        pm10: round(Math.max(0, jitter(60, 20)), 0),
        noise: round(Math.max(0, jitter(55, 8)), 1),
        illuminance: round(Math.max(0, jitter(3000, 2500)), 0),
        windSpeed: round(Math.max(0, jitter(3, 2)), 1),
        windDirection: Math.floor(Math.random() * 360),
        pressure: round(jitter(1013, 5), 1),
      };
    return { dev: sim.dev, ...sim.values };
  }

  async telemetry(): Promise<void> {
    const dtHours = (this.options.telemetryIntervalSeconds ?? 10) / 3600;
    const readings = [...this.devices.values()].map((d) => this.reading(d, dtHours));
    await this.publish('telemetry', { ts: Date.now(), readings });
    const rate = this.options.faultRate ?? 0;
    if (rate > 0) await this.randomFaults(rate);
    const offlineRate = this.options.offlineRate ?? 0;
    if (offlineRate > 0 && this.connected && Math.random() < offlineRate)
      void this.dropOffline((this.options.offlineSeconds ?? 60) * 1000);
  }

  private async randomFaults(rate: number) {
    const events: Array<Record<string, unknown>> = [];
    for (const sim of this.devices.values()) {
      const l = sim.lamp;
      if (!l || this.standing.has(sim.dev) || Math.random() >= rate) continue;
      // A faulty lamp is repaired; a sound one breaks in one of the ways street lamps commonly do.
      const [held] = l.faults;
      const code = held ?? randomFaults[Math.floor(Math.random() * randomFaults.length)]!;
      const active = held === undefined;
      if (active) l.faults.add(code);
      else l.faults.delete(code);
      events.push({ dev: sim.dev, type: 'fault', code, active });
    }
    if (events.length) await this.publish('event', { ts: Date.now(), events });
  }

  /** Raises or clears a fault on one device now. */
  async fault(dev: string, code: LampFaultCode, active: boolean): Promise<void> {
    const l = this.devices.get(dev)?.lamp;
    if (l) {
      if (active) l.faults.add(code);
      else l.faults.delete(code);
    }
    await this.publish('event', { ts: Date.now(), events: [{ dev, type: 'fault', code, active }] });
  }

  /** Raises or clears a fault on every lamp of this gateway now, in one event message. */
  async faultAllLamps(code: LampFaultCode, active: boolean): Promise<number> {
    const events = [];
    for (const [dev, sim] of this.devices) {
      if (!sim.lamp) continue;
      if (active) sim.lamp.faults.add(code);
      else sim.lamp.faults.delete(code);
      events.push({ dev, type: 'fault', code, active });
    }
    if (events.length) await this.publish('event', { ts: Date.now(), events });
    return events.length;
  }

  private async onCommand(payload: Buffer) {
    let message: CommandMessage;
    try {
      message = commandMessageSchema.parse(JSON.parse(payload.toString('utf8'))) as CommandMessage;
    } catch {
      return; // not a command we can answer: a real gateway would log and ignore it
    }
    this.commandsReceived++;
    const previous = this.acks.get(message.id);
    if (previous) return void (await this.publish('ack', previous)); // a resent command: same answer
    if (message.devs) return this.onMultiCommand(message, message.devs);
    const ack = this.execute(message);
    this.acks.set(message.id, ack);
    if (this.acks.size > 1000) this.acks.delete(this.acks.keys().next().value!);
    await this.publish('ack', ack);
    const sim = message.dev ? this.devices.get(message.dev) : undefined;
    if (ack.status === 'ok' && sim)
      await this.publish('telemetry', { ts: Date.now(), readings: [this.reading(sim)] });
    if (ack.status === 'ok' && message.cmd === 'device.reboot' && !message.dev) void this.reboot();
  }

  /** One command for several devices (feature `multi`): one ack listing every device's outcome. */
  private async onMultiCommand(message: CommandMessage, devs: string[]) {
    const { devs: _all, ...single } = message;
    const devices = devs.map((dev) => {
      const a = this.execute({ ...single, dev });
      return {
        dev,
        status: a.status,
        ...(a.reason ? { reason: a.reason } : {}),
        ...(a.result ? { result: a.result } : {}),
      };
    });
    const ack: Ack = {
      id: message.id,
      ts: Date.now(),
      status: devices.every((d) => d.status === 'ok') ? 'ok' : 'error',
      devices,
    };
    this.acks.set(message.id, ack);
    if (this.acks.size > 1000) this.acks.delete(this.acks.keys().next().value!);
    await this.publish('ack', ack);
    const changed = devices
      .filter((d) => d.status === 'ok')
      .map((d) => this.devices.get(d.dev))
      .filter((sim): sim is DeviceSim => Boolean(sim?.lamp));
    if (changed.length)
      await this.publish('telemetry', { ts: Date.now(), readings: changed.map((sim) => this.reading(sim)) });
  }

  /** Applies a command; answers the ack to send. */
  execute(message: CommandMessage): Ack {
    const fail = (reason: string): Ack => ({ id: message.id, ts: Date.now(), status: 'error', reason });
    if (message.expires && message.expires < Date.now()) return fail('expired');
    const parsed = commandSchemas[message.cmd].safeParse(message.params);
    if (!parsed.success) return fail(`invalid params: ${parsed.error.issues[0]?.message ?? ''}`);
    const p = parsed.data as Record<string, unknown>;
    const sim = message.dev ? this.devices.get(message.dev) : undefined;
    if (message.dev && !sim) return fail(`unknown device ${message.dev}`);
    const kind = sim?.kind ?? 'gateway';
    if (!commandTargets[message.cmd].includes(kind))
      return fail(`${message.cmd} is not supported by a ${kind}`);
    if (sim?.lamp?.faults.has('controlGearCommFailure')) return fail('control gear not responding');
    const ok = (result?: Record<string, unknown>): Ack => ({
      id: message.id,
      ts: Date.now(),
      status: 'ok',
      ...(result ? { result } : {}),
    });
    const l = sim?.lamp;
    switch (message.cmd) {
      case 'lamp.switch':
        if (l!.faults.has('relayFailure')) return fail('relay failure');
        if (p.on && !l!.on) l!.switchOns++;
        l!.on = Boolean(p.on);
        if (l!.on && l!.level === 0) l!.level = l!.target = 100;
        return ok({ on: l!.on });
      case 'lamp.dim':
      case 'lamp.override':
        if (l!.faults.has('dimmingFailure')) return fail('dimming failure');
        if (!l!.on && Number(p.level) > 0) l!.switchOns++;
        l!.level = l!.target = Number(p.level);
        l!.on = l!.level > 0;
        l!.ramp = Number(p.ramp ?? 0);
        l!.overrideUntil = message.cmd === 'lamp.override' ? Number(p.until) : null;
        return ok({ level: l!.level });
      case 'lamp.schedule':
        this.scheduleVersion = String(p.version);
        this.schedule = p;
        return ok({ scheduleVersion: this.scheduleVersion });
      case 'gateway.fallback':
        this.fallbackLevel = Number(p.level);
        return ok({ level: this.fallbackLevel });
      case 'circuit.switch':
        this.circuits.set(Number(p.channel), Boolean(p.on));
        return ok({ channel: Number(p.channel), on: Boolean(p.on) });
      case 'led.power':
        sim!.values.on = Boolean(p.on);
        return ok();
      case 'led.brightness':
        sim!.values.brightness = Number(p.level);
        return ok();
      case 'led.program':
        sim!.values.program = String(p.programId);
        return ok();
      case 'speaker.volume':
        sim!.values.volume = Number(p.volume);
        return ok();
      case 'speaker.play':
        sim!.values.playing = true;
        sim!.values.source = String(p.source);
        return ok();
      case 'speaker.stop':
        sim!.values.playing = false;
        return ok();
      case 'device.reboot':
        return ok();
      case 'device.clockSync':
        return ok({ offsetMs: Date.now() - Number(p.time ?? Date.now()) });
    }
  }

  private async reboot() {
    await this.disconnect();
    const generation = this.generation;
    await new Promise((r) => setTimeout(r, 1000));
    if (generation === this.generation) await this.connect().catch(() => undefined);
  }

  /**
   * Drops off the network without a clean disconnect (the broker publishes the will). With
   * `forMs` > 0 it reconnects that long after, retrying as often while the broker refuses it;
   * the promise settles once it is back, or when `disconnect()` or another drop intervenes.
   */
  async dropOffline(forMs: number): Promise<void> {
    this.stopTimers();
    const generation = ++this.generation;
    this.drops++;
    this.client?.stream.destroy();
    this.client?.end(true);
    this.client = null;
    if (forMs <= 0) return;
    for (;;) {
      await new Promise((r) => setTimeout(r, forMs));
      if (generation !== this.generation) return;
      try {
        await this.connect();
        return;
      } catch (error) {
        this.options.log?.(`${this.sn}: reconnect failed (${(error as Error).message}), retrying`);
      }
    }
  }

  async disconnect(): Promise<void> {
    this.generation++;
    this.stopTimers();
    const client = this.client;
    this.client = null;
    if (client) {
      await client
        .publishAsync(topics.up(this.sn, 'status'), '{"online":false}', { qos: 1, retain: true })
        .catch(() => undefined);
      await client.endAsync().catch(() => undefined);
    }
  }
}

/** Many simulated gateways against one broker. */
export class Simulator {
  readonly gateways: SimulatedGateway[];

  constructor(private readonly options: SimulatorOptions) {
    this.gateways = options.gateways.map((c) => new SimulatedGateway(c, options));
  }

  /** Connects every gateway (a few at a time so that authentication is not stormed). */
  async start(): Promise<void> {
    const queue = [...this.gateways];
    const together = this.options.startTogether ?? false;
    for (const gw of queue) gw.held = together;
    const workers = Array.from(
      { length: Math.min(this.options.connectConcurrency ?? 10, queue.length) },
      async () => {
        for (let gw = queue.shift(); gw; gw = queue.shift()) {
          await gw.connect().catch((error: Error) => this.options.log?.(`${gw.sn}: ${error.message}`));
        }
      },
    );
    await Promise.all(workers);
    if (together)
      for (const gw of this.gateways) {
        gw.held = false;
        if (gw.connected) gw.startTimers();
      }
    this.options.log?.(
      `simulator: ${this.gateways.filter((g) => g.connected).length}/${this.gateways.length} gateways connected`,
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.gateways.map((g) => g.disconnect()));
  }

  /**
   * An alarm storm: every lamp of every connected gateway raises (or clears) `code`, the
   * gateways one after another spread evenly over `withinMs`. Answers the lamps reported.
   */
  async faultStorm(code: LampFaultCode, active: boolean, withinMs: number): Promise<number> {
    const connected = this.gateways.filter((g) => g.connected);
    const start = Date.now();
    let lamps = 0;
    for (const [i, gw] of connected.entries()) {
      const wait = start + (i * withinMs) / connected.length - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lamps += await gw.faultAllLamps(code, active);
    }
    return lamps;
  }

  /**
   * Stops every gateway's periodic messages (they stay connected and keep answering commands)
   * and waits until what was published has been written to the sockets.
   */
  async pause(timeoutMs = 30_000): Promise<void> {
    for (const g of this.gateways) g.pause();
    const until = Date.now() + timeoutMs;
    while (this.gateways.some((g) => g.inFlight > 0) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
  }

  get stats() {
    return {
      gateways: this.gateways.length,
      connected: this.gateways.filter((g) => g.connected).length,
      messagesSent: this.gateways.reduce((n, g) => n + g.sent, 0),
      readingsSent: this.gateways.reduce((n, g) => n + g.readingsSent, 0),
      commandsReceived: this.gateways.reduce((n, g) => n + g.commandsReceived, 0),
      drops: this.gateways.reduce((n, g) => n + g.drops, 0),
    };
  }
}
