import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AccessGuard } from '../../http/routes';
import { registerMessages } from '../../lib/messages';
import type { CommandService, DeviceLookup, DeviceService, UserPush } from '../device';
import type { ProjectScopeService, ProjectService } from '../project';
import { AreaRepository } from './area/area.repository';
import { AreaService } from './area/area.service';
import { CabinetRepository } from './cabinet/cabinet.repository';
import { CabinetService } from './cabinet/cabinet.service';
import { CircuitRepository } from './cabinet/circuit.repository';
import { CircuitService } from './cabinet/circuit.service';
import { ControlService } from './control/control.service';
import { JobRepository } from './control/job.repository';
import { JobService } from './control/job.service';
import { OutcomePushes } from './control/outcome-pushes';
import { OverrideRepository } from './control/override.repository';
import { GroupRepository } from './group/group.repository';
import { GroupService } from './group/group.service';
import { LampRepository } from './lamp/lamp.repository';
import { LampService } from './lamp/lamp.service';
import { lightingMessages } from './lighting.messages';
import { registerLightingRoutes } from './lighting.routes';
import { LightingAccess } from './lighting-access';
import { PoleMapRepository } from './map/pole-map.repository';
import { PoleMapService } from './map/pole-map.service';
import { GatewayScheduleRepository } from './schedule/gateway-schedule.repository';
import { GatewayScheduleService } from './schedule/gateway-schedule.service';
import { type Clock, systemClock } from './scheduler/clock';
import { ExecutionRepository } from './scheduler/execution.repository';
import { ExecutionLogService } from './scheduler/execution-log.service';
import { FileOffsetClock } from './scheduler/file-clock';
import { LeaderLock } from './scheduler/leader';
import { LightingScheduler, type SchedulerLog, type SchedulerOptions } from './scheduler/scheduler';
import { PlanSource } from './strategy/plan-source';
import { PreviewService } from './strategy/preview.service';
import { ScheduledLevels } from './strategy/scheduled-levels';
import { StrategyRepository } from './strategy/strategy.repository';
import { StrategyService } from './strategy/strategy.service';

export type LightingModuleDeps = {
  db: Database;
  log: SchedulerLog & { warn(obj: object, msg: string): void };
  config: Pick<Config, 'testClockFile'>;
  /** Which projects a user may see: every lighting query is limited to them. */
  scopes: ProjectScopeService;
  /** Whether projects exist, their names, positions and time zones. */
  projects: ProjectService;
  /** Poles and lamps with their state, as the device API answers them; roads of poles. */
  devices: DeviceService;
  /** Which lamps, gateways and poles exist in a project; lamps as commands address them. */
  deviceLookup: DeviceLookup;
  /** Sending commands and hearing their outcomes. */
  commands: CommandService;
  /** Pushes to consoles (the realtime hub): control outcomes to the user who sent them. */
  push: UserPush;
};

/**
 * Street lighting (see README.md): areas and roads over the device module's poles, groups,
 * cabinets and circuits, batch control, strategies and the scheduler that runs them, the GIS
 * map and the home figures. The app starts the scheduler when it is ready (tests make their own
 * with `newScheduler` and a test clock).
 */
export function createLightingModule(deps: LightingModuleDeps) {
  registerMessages(lightingMessages);
  const { db, projects, devices, deviceLookup, commands } = deps;
  const access = new LightingAccess(deps.scopes, projects, deviceLookup);
  const groupRepository = new GroupRepository(db);
  const cabinetRepository = new CabinetRepository(db);
  const strategyRepository = new StrategyRepository(db);
  const executionRepository = new ExecutionRepository(db);
  const overrides = new OverrideRepository(db);
  const jobRepository = new JobRepository(db);
  const plans = new PlanSource(strategyRepository, projects);

  const control = new ControlService(
    jobRepository,
    overrides,
    groupRepository,
    access,
    projects,
    deviceLookup,
    commands,
  );
  const lamps = new LampService(new LampRepository(db), access, devices);
  const circuits = new CircuitService(
    new CircuitRepository(db),
    cabinetRepository,
    access,
    lamps,
    control,
    commands,
  );
  const schedules = new GatewayScheduleService(
    new GatewayScheduleRepository(db),
    plans,
    control,
    access,
    deviceLookup,
    commands,
  );
  const services = {
    access,
    areas: new AreaService(new AreaRepository(db), access, projects, devices),
    map: new PoleMapService(new PoleMapRepository(db), deps.scopes),
    control,
    jobs: new JobService(jobRepository, access, commands),
    groups: new GroupService(groupRepository, access, lamps),
    cabinets: new CabinetService(cabinetRepository, circuits, access, deviceLookup),
    circuits,
    strategies: new StrategyService(
      strategyRepository,
      groupRepository,
      access,
      projects,
      deviceLookup,
      async (by, projectIds) => {
        // The strategy is saved either way: a gateway this push misses is out of date in the
        // gateway view and gets its schedule from the scheduler's periodic push.
        try {
          await schedules.pushAffected(by, projectIds);
        } catch (err) {
          deps.log.error({ err, projectIds }, 'pushing schedules after a strategy change failed');
        }
      },
    ),
    previews: new PreviewService(plans, access, deviceLookup),
    executions: new ExecutionLogService(executionRepository, access, commands),
    schedules,
    lamps,
  };
  const scheduledLevels = new ScheduledLevels(plans, overrides);
  const outcomes = new OutcomePushes(commands, deps.push);

  /** A scheduler on `clock` (each with its own claim to leadership among API nodes). */
  const newScheduler = (clock: Clock, log: SchedulerLog, options?: SchedulerOptions) =>
    new LightingScheduler(
      {
        leader: new LeaderLock(db),
        plans,
        executions: executionRepository,
        overrides,
        schedules,
        control,
        devices: deviceLookup,
        ready: () => commands.running,
      },
      clock,
      log,
      options,
    );
  // Test only (refused in production by config.ts): a clock moved by writing a file.
  const testClock = deps.config.testClockFile
    ? new FileOffsetClock(deps.config.testClockFile, deps.log)
    : null;
  const scheduler = newScheduler(testClock ?? systemClock, deps.log);
  if (testClock) {
    deps.log.warn(
      { file: testClock.file, offsetMs: testClock.offset },
      'ICS_TEST_CLOCK_FILE is set: the lighting scheduler runs on a TEST CLOCK (never use this in production)',
    );
    testClock.onChange((offsetMs) => {
      deps.log.warn({ offsetMs }, 'test clock moved');
      if (scheduler.running) void scheduler.tick();
    });
  }

  return {
    ...services,
    /** Runs the strategies; the app starts it once the device bus is up. */
    scheduler,
    newScheduler,
    /** What the strategies prescribe for each lamp now (the alarm module's schedule anomalies). */
    scheduledLevels,
    /** Every circuit with its cabinet and lamps (the alarm module's supply loss). */
    circuitLamps: () => circuits.withLamps(),
    /** The roads of an area: the device module's lamp list filters by area through them. */
    roadIdsOfArea: (areaId: string) => services.areas.roadIdsOfArea(areaId),
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) =>
      registerLightingRoutes(api, guard, services),
    /** Stops the test clock and the outcome pushes (the app starts and stops the scheduler). */
    close(): void {
      testClock?.close();
      outcomes.close();
    },
  };
}

export type LightingModule = ReturnType<typeof createLightingModule>;
