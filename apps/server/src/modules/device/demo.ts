import type { Simulator } from '@ics/simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { LeaderLock } from '../../db/leader-lock';
import type { ProjectService } from '../project';
import { hashDeviceSecret, newDeviceSecret } from './bus/credentials';
import {
  createDemoProject,
  DEMO_CODE,
  DEMO_LAMPS,
  type DemoDistrict,
  demoGateways,
  isFreshInstallation,
} from './demo-project';
import { GatewayRepository } from './gateway.repository';
import type { DeviceRuntime } from './runtime/device-runtime';

/** Advisory lock key of the demo: one node among several runs it. */
const DEMO_LOCK_KEY = 4242070;
/** How often a node that does not run the demo looks whether the one that did has stopped. */
const LEADER_CHECK_MS = 30_000;
/** Lamps of the demo in fault from the start, so that the alarm list and the map show some. */
const STANDING_FAULTS = [
  { sn: 'DEMO-GW-01', dev: 'L007', code: 'lampFailure' },
  { sn: 'DEMO-GW-03', dev: 'L012', code: 'controlGearCommFailure' },
] as const;

/**
 * The demo's street lighting, which belongs to a module that depends on this one (the app hands
 * it in): `furnish` sets the district up (areas, roads, groups, a cabinet, a strategy) once, right
 * after the demo project is created; `levelNow` is the level the strategies prescribe for a lamp
 * now (null when none governs it), so that the simulated lamps start as their schedule has them
 * instead of burning by day until the next action.
 */
export type DemoLighting = {
  furnish(district: DemoDistrict): Promise<void>;
  levelNow(lampId: string): Promise<number | null>;
};

/**
 * Demo mode (`ICS_DEMO=1`, the default): on a fresh installation creates a demo project with
 * poles and gateways (demo-project.ts), then runs the simulator for them in this process, so a
 * new user sees live devices at once. Only the gateways the demo created are its own: they get
 * new credentials at every start (only hashes are stored, so the simulator cannot reuse old
 * ones); a gateway a user adds to the demo project is left alone. With several API nodes one of
 * them runs the demo (an advisory lock), so that no second simulator connects as the same
 * gateways; another takes over when it stops. Only the node that creates the project furnishes
 * it, once: a restart neither repeats nor undoes what was set up, nor a user's edits to it.
 */
export async function startDemo(
  devices: DeviceRuntime,
  db: Database,
  projects: ProjectService,
  log: FastifyBaseLogger,
  lighting?: DemoLighting,
): Promise<Demo> {
  const demo = new Demo(devices, db, projects, log, lighting);
  devices.onStop(() => demo.stop());
  await demo.lead();
  return demo;
}

export class Demo {
  private readonly lock: LeaderLock;
  private readonly gateways: GatewayRepository;
  private simulator: Simulator | null = null;
  private readonly timer: NodeJS.Timeout;
  /** A look at the leadership in progress: the timer's and a caller's do not overlap. */
  private turn: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly devices: DeviceRuntime,
    private readonly db: Database,
    private readonly projects: ProjectService,
    private readonly log: FastifyBaseLogger,
    private readonly lighting?: DemoLighting,
  ) {
    this.lock = new LeaderLock(db, DEMO_LOCK_KEY);
    this.gateways = new GatewayRepository(db);
    this.timer = setInterval(
      () => void this.lead().catch((error: Error) => log.error({ err: error }, 'demo')),
      LEADER_CHECK_MS,
    );
    this.timer.unref();
  }

  /** Whether this node runs the demo's simulated gateways. */
  get running(): boolean {
    return this.simulator !== null;
  }

  /** Runs the demo when this node leads, and stops it when it no longer does. */
  lead(): Promise<void> {
    this.turn = this.turn.catch(() => undefined).then(() => this.takeTurn());
    return this.turn;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.turn.catch(() => undefined);
    await this.stopSimulator();
    await this.lock.stop();
  }

  private async takeTurn(): Promise<void> {
    if (this.stopped) return;
    if (!(await this.lock.acquire())) return this.stopSimulator();
    if (this.simulator) return;
    const credentials = await this.issueCredentials();
    const url = this.devices.brokerUrl;
    if (!credentials || !url || this.stopped) {
      // No demo here (not a fresh installation), and none will come: nothing to lead.
      clearInterval(this.timer);
      return this.lock.stop();
    }
    const { Simulator } = await import('@ics/simulator');
    const simulator = new Simulator({
      url,
      gateways: credentials,
      lampsPerGateway: DEMO_LAMPS,
      lampLevel: await this.startLevel(),
      sensorsPerGateway: 1,
      screensPerGateway: 1,
      speakersPerGateway: 1,
      camerasPerGateway: 1,
      telemetryIntervalSeconds: 10,
      heartbeatSeconds: 30,
      faultRate: 0.0005,
      standingFaults: [...STANDING_FAULTS],
      log: (line) => this.log.info(line),
    });
    this.simulator = simulator;
    await simulator.start();
  }

  /** New credentials for the demo's own gateways; null when there is no demo project. */
  private async issueCredentials(): Promise<Array<{ sn: string; password: string }> | null> {
    let projectId = await this.projects.idByCode(DEMO_CODE);
    if (!projectId) {
      if (!(await isFreshInstallation(this.db))) return null;
      const district = await createDemoProject(this.db, this.projects);
      projectId = district.projectId;
      this.log.info({ projectId }, 'demo project created');
      // A district without its lighting set-up still shows live devices: the failure is logged.
      await this.lighting
        ?.furnish(district)
        .catch((error: Error) => this.log.error({ err: error, projectId }, 'demo district set-up failed'));
    }
    const credentials = [];
    for (const gw of await demoGateways(this.db, projectId)) {
      const password = newDeviceSecret();
      await this.devices.accounts.issue(gw.sn, password);
      await this.gateways.setCredentials(gw.id, await hashDeviceSecret(password));
      this.devices.directory.invalidate(gw.sn);
      credentials.push({ sn: gw.sn, password });
    }
    return credentials.length ? credentials : null;
  }

  /** The level the demo's lamps start at: their strategy's now, 80 when none governs them. */
  private async startLevel(): Promise<number> {
    const [lamp] = await this.db.query<{ id: string }>(
      `select d.id from dev_device d join dev_gateway g on g.id = d.gateway_id
        where g.demo and d.kind = 'lamp' order by g.sn, d.address limit 1`,
    );
    const planned = lamp && this.lighting ? await this.lighting.levelNow(lamp.id) : null;
    return planned ?? 80;
  }

  private async stopSimulator(): Promise<void> {
    const simulator = this.simulator;
    this.simulator = null;
    await simulator?.stop();
  }
}
