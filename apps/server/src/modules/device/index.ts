import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AccessGuard } from '../../http/routes';
import { sheetImportMessages } from '../../http/sheet-import.messages';
import { registerMessages } from '../../lib/messages';
import type { ProjectService } from '../project';
import { registerEmqxHookRoutes } from './bus/emqx-hook.routes';
import { EmqxHooks } from './bus/emqx-hooks';
import { platformAccount } from './bus/platform-account';
import type { CommandService } from './commands/command.service';
import { type DemoLighting, startDemo } from './demo';
import { deviceMessages } from './device.messages';
import { registerDeviceRoutes } from './device.routes';
import { DeviceService, type ProjectScopes, type RoadsOfArea } from './device.service';
import { DeviceLookup } from './device-lookup.service';
import { InProcessLiveEvents, type LiveEvents } from './live/live-events';
import { bridgeLiveEventsToRealtime, type ProjectAudience, type UserPush } from './live/realtime-bridge';
import { DeviceRuntime, type DeviceRuntimeLog } from './runtime/device-runtime';

export { hashDeviceSecret, newDeviceSecret } from './bus/credentials';
// brokerSettings, lampCopyBinary, LampColumns and the fast checks: for tools.ts (the benchmark's
// bare bounds and check costs: the very broker settings, rows, encoder and checks the server runs).
export { brokerSettings } from './bus/embedded-broker';
export type { CommandCounts } from './commands/command.repository';
export type { CommandService } from './commands/command.service';
export type { CommandOutcomeEvent } from './commands/command-events';
export type { CommandTarget } from './commands/command-tracker';
export type { DemoLighting } from './demo';
export type { DemoDistrict, DemoStreet } from './demo-project';
export { deviceRelation, deviceStateRelation } from './device.repository';
export type { DeviceService, PoleGateway, ProjectScopes, RoadsOfArea } from './device.service';
export type { DeviceLookup, LampChoice, LampRef, LampTarget } from './device-lookup.service';
export { type GatewayRef, gatewayRelation } from './gateway.repository';
export { fastLamp, fastSensor } from './ingest/fast-check';
export type { LiveEvent, LiveEvents } from './live/live-events';
export type { ProjectAudience, UserPush } from './live/realtime-bridge';
export { type PoleRoad, poleRelation } from './pole.repository';
export type { DeviceRuntime } from './runtime/device-runtime';
export { lampCopyBinary } from './telemetry/copy-binary';
export { lampEnergyRelation } from './telemetry/history.repository';
export { LampColumns, lampColumnNames } from './telemetry/reading-columns';
export type { Within } from './within';

export type DeviceModuleDeps = {
  db: Database;
  log: DeviceRuntimeLog;
  config: Pick<
    Config,
    | 'mqttUrl'
    | 'mqttClientId'
    | 'mqttDynsec'
    | 'emqxHookSecret'
    | 'nodeId'
    | 'nodeLeaseSeconds'
    | 'mqttPort'
    | 'deviceOfflineSeconds'
    | 'commandTimeoutMs'
    | 'commandRetries'
    | 'telemetryRetentionDays'
    | 'deviceStateWriteMs'
    | 'deviceStatsFile'
  >;
  /** Which projects a user may see: every query of the registry is limited to them. */
  scopes: ProjectScopes;
  /** The users who may see a project's devices: its live events are pushed to them. */
  audience: ProjectAudience;
  /** Whether a project exists (poles and gateways are added to live ones), the demo project. */
  projects: ProjectService;
  /** The roads of an area, for the lamp list's area filter (the lighting module's hierarchy). */
  roadsOfArea: RoadsOfArea;
  /** Pushes to consoles (the realtime hub). */
  push: UserPush;
};

export type DeviceModule = {
  /** The bus, ingestion, commands and their jobs; started explicitly (main.ts, tests). */
  runtime: DeviceRuntime;
  /** The registry, state, history and the command log as the API serves them. */
  service: DeviceService;
  /** The registry as other modules consult it for their own rules (existence, names, lamps to command). */
  lookup: DeviceLookup;
  /** Sending commands and hearing their outcomes: the only code that stores commands. */
  commands: CommandService;
  /** What happens on devices, as it happens (consoles hear it through the realtime bridge). */
  live: LiveEvents;
  routes(app: FastifyInstance, guard: AccessGuard): void;
  /** Creates the demo project on a fresh installation and runs simulated gateways for it (main.ts). */
  startDemo(log: FastifyBaseLogger, lighting?: DemoLighting): Promise<unknown>;
  /** Stops the runtime (buffered telemetry is written first) and the pushes to consoles. */
  close(): Promise<void>;
};

/**
 * The device module: gateways and the devices behind them, their registry, the MQTT bus,
 * ingestion of what they report and the commands sent to them (see README.md).
 */
export function createDeviceModule({
  db,
  log,
  config,
  scopes,
  audience,
  projects,
  roadsOfArea,
  push,
}: DeviceModuleDeps): DeviceModule {
  registerMessages(deviceMessages);
  registerMessages(sheetImportMessages);
  const live = new InProcessLiveEvents();
  const runtime = new DeviceRuntime(db, live, log, {
    mqttUrl: config.mqttUrl,
    mqttClientId: config.mqttClientId,
    mqttDynsec: config.mqttDynsec,
    nodeId: config.nodeId,
    nodeLeaseSeconds: config.nodeLeaseSeconds,
    mqttPort: config.mqttPort,
    offlineSeconds: config.deviceOfflineSeconds,
    commandTimeoutMs: config.commandTimeoutMs,
    commandRetries: config.commandRetries,
    retentionDays: config.telemetryRetentionDays,
    stateWriteMs: config.deviceStateWriteMs,
    statsFile: config.deviceStatsFile,
  });
  const service = new DeviceService(db, runtime, { scopes, projects, roadsOfArea });
  const unbridge = bridgeLiveEventsToRealtime(live, push, audience);
  // EMQX asks these hooks what the embedded broker decides itself: the same hashes, the same rules.
  const emqxHooks = new EmqxHooks({
    lookup: async (sn) => (await runtime.directory.get(sn))?.credentialHash ?? null,
    platform: platformAccount(config.mqttUrl),
  });
  return {
    runtime,
    service,
    lookup: new DeviceLookup(db),
    commands: runtime.commands,
    live,
    routes: (app, guard) => {
      registerDeviceRoutes(app, { guard, devices: service });
      registerEmqxHookRoutes(app, { guard, secret: config.emqxHookSecret, hooks: emqxHooks });
    },
    startDemo: (log, lighting) => startDemo(runtime, db, projects, log, lighting),
    async close() {
      await runtime.stop();
      unbridge();
    },
  };
}
