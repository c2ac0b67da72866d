import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { InProcessLiveEvents } from './devices/live-events';
import { bridgeLiveEventsToRealtime } from './devices/realtime-bridge';
import { DeviceRuntime } from './devices/runtime';
import { adminMessages } from './http/admin.messages';
import { installErrorHandling } from './http/error-handler';
import { clearOnWrites, type ResponseCache } from './http/response-cache';
import type { AccessGuard } from './http/routes';
import { registerMessages } from './lib/messages';
import { announcementMessages } from './modules/announcement/announcement.messages';
import { registerAnnouncementRoutes } from './modules/announcement/announcement.routes';
import { AnnouncementService } from './modules/announcement/announcement.service';
import { createCheckModule } from './modules/check';
import { createDepartModule } from './modules/depart';
import { deviceMessages } from './modules/device/device.messages';
import { registerDeviceRoutes } from './modules/device/device.routes';
import { DeviceService } from './modules/device/device.service';
import { createDictModule } from './modules/dict';
import { createHomeModule } from './modules/home';
import { createI18nModule } from './modules/i18n';
import { ControlService } from './modules/lighting/control.service';
import { lightingMessages } from './modules/lighting/lighting.messages';
import { registerLightingRoutes } from './modules/lighting/lighting.routes';
import { LightingService } from './modules/lighting/lighting.service';
import { systemClock } from './modules/lighting/scheduler/clock';
import { FileOffsetClock } from './modules/lighting/scheduler/file-clock';
import { LightingScheduler } from './modules/lighting/scheduler/scheduler';
import { StrategyService } from './modules/lighting/strategy.service';
import { createLogModule } from './modules/log';
import { createDataRules, createPermissionModule } from './modules/permission';
import { createPlatformModule } from './modules/platform';
import { createProjectModule } from './modules/project';
import type { FanOut } from './modules/realtime/fan-out';
import { createFanOut } from './modules/realtime/fan-out-factory';
import { Realtime } from './modules/realtime/realtime.hub';
import { realtimeMessages } from './modules/realtime/realtime.messages';
import { registerRealtimeRoutes } from './modules/realtime/realtime.routes';
import { createRoleModule } from './modules/role';
import { LoginGuard } from './modules/session/login-guard';
import { registerSessionRoutes } from './modules/session/session.routes';
import { SessionService } from './modules/session/session.service';
import { SessionStore } from './modules/session/session.store';
import { logSmsSender, SmsCodes, type SmsSender } from './modules/session/sms';
import { registerSystemRoutes } from './modules/system/system.routes';
import { createUserModule } from './modules/user';
import { registerConsole } from './plugins/console';
import { registerOpenApi } from './plugins/openapi';

const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppOptions = {
  config: Config;
  db: Database;
  /** Replaces the SMS sender that writes codes to the log (tests capture codes with it). */
  smsSender?: SmsSender;
  logger?: boolean;
};

export type Services = ReturnType<typeof createServices>;

function createServices(
  config: Config,
  db: Database,
  smsSender: SmsSender,
  log: FastifyBaseLogger,
  fanOut: FanOut,
) {
  // Data rules restrict the lists of several modules: each registers its lists with them.
  const dataRules = createDataRules({ db });
  const i18nModule = createI18nModule({ db, dataRules });
  const i18n = i18nModule.service;
  const sessionStore = new SessionStore(db, { ttlMs: config.tokenTtlMs, idleMs: config.sessionIdleMs });
  const loginGuard = new LoginGuard(db);
  const checkModule = createCheckModule({ db });
  const checks = checkModule.service;
  const dictModule = createDictModule({ db, i18n, dataRules, duplicates: checks });
  const dicts = dictModule.service;
  const platformModule = createPlatformModule({ db, config });
  const platform = platformModule.service;
  const logModule = createLogModule({ db, dataRules });
  const logs = logModule.service;
  const roleModule = createRoleModule({ db, dataRules, dicts, duplicates: checks });
  const roles = roleModule.service;
  const userModule = createUserModule({ db, config, dataRules, i18n, roles, dicts, duplicates: checks });
  const users = userModule.service;
  const departModule = createDepartModule({ db, i18n, users, dicts, duplicates: checks });
  const departs = departModule.service;
  users.onChanged(async (change) => {
    if (change.kind === 'signed-out')
      for (const id of change.userIds) await sessionStore.revokeUser(id, change.keepTokenHash);
  });
  const permissionModule = createPermissionModule({
    db,
    dataRules,
    i18n,
    dicts,
    roles,
    users,
    departs,
    duplicates: checks,
  });
  const permissions = permissionModule.service;
  const projectModule = createProjectModule({ db, dataRules, dicts, duplicates: checks, roles, departs });
  const projectScope = projectModule.scope;
  // Console sockets of this node; device modules push with realtime.sendToUsers(...).
  const realtime = new Realtime(fanOut);
  const announcements = new AnnouncementService(db, i18n, realtime, users);
  const home = createHomeModule({ logs });
  // Device bus, ingestion and commands; started by main.ts (or a test) with devices.start().
  const liveEvents = new InProcessLiveEvents();
  const devices = new DeviceRuntime(db, liveEvents, log, {
    mqttUrl: config.mqttUrl,
    mqttPort: config.mqttPort,
    offlineSeconds: config.deviceOfflineSeconds,
    commandTimeoutMs: config.commandTimeoutMs,
    commandRetries: config.commandRetries,
    retentionDays: config.telemetryRetentionDays,
    stateWriteMs: config.deviceStateWriteMs,
    statsFile: config.deviceStatsFile,
  });
  const deviceService = new DeviceService(db, projectScope, devices);
  // Street lighting; the scheduler is started by main.ts (tests build their own with a test clock).
  const lightingControl = new ControlService(db, projectScope, devices, liveEvents, realtime);
  // Outcomes of a control job reach its owner as `control.outcome` batches, not one message per lamp.
  bridgeLiveEventsToRealtime(liveEvents, db, realtime, (event) => lightingControl.deliversOutcome(event));
  const lighting = new LightingService(db, projectScope, deviceService, lightingControl);
  const lightingStrategies = new StrategyService(db, projectScope, lightingControl, liveEvents);
  // Test only (refused in production by config.ts): a clock moved by writing a file.
  const testClock = config.testClockFile ? new FileOffsetClock(config.testClockFile, log) : null;
  const lightingScheduler = new LightingScheduler(
    db,
    lightingStrategies,
    lightingControl,
    testClock ?? systemClock,
    () => devices.running,
    log,
  );
  if (testClock) {
    log.warn(
      { file: testClock.file, offsetMs: testClock.offset },
      'ICS_TEST_CLOCK_FILE is set: the lighting scheduler runs on a TEST CLOCK (never use this in production)',
    );
    testClock.onChange((offsetMs) => {
      log.warn({ offsetMs }, 'test clock moved');
      if (lightingScheduler.running) void lightingScheduler.tick();
    });
  }
  const sessions = new SessionService(
    users,
    sessionStore,
    loginGuard,
    new SmsCodes(db, smsSender),
    dicts,
    platform,
    logs,
  );
  const guard: AccessGuard = {
    resolveCaller: (token) => sessionStore.resolve(token),
    hasMark: (caller, mark) => permissions.hasMark(caller.userId, mark),
  };
  return {
    dataRules,
    i18nModule,
    i18n,
    dictModule,
    checkModule,
    checks,
    userModule,
    users,
    departModule,
    departs,
    sessionStore,
    loginGuard,
    dicts,
    platformModule,
    platform,
    logModule,
    logs,
    permissionModule,
    permissions,
    projectModule,
    projectScope,
    roleModule,
    roles,
    sessions,
    guard,
    realtime,
    announcements,
    home,
    liveEvents,
    devices,
    deviceService,
    lightingControl,
    lighting,
    lightingStrategies,
    lightingScheduler,
    testClock,
  };
}

/** Builds the application: infrastructure first, then the modules, then the console. */
export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, db } = options;
  for (const messages of [
    adminMessages,
    announcementMessages,
    realtimeMessages,
    deviceMessages,
    lightingMessages,
  ])
    registerMessages(messages);
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // A hop count becomes Fastify's trust function (its types accept no number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // Before any route is registered, so that every writing route clears the answer caches.
  const answerCaches: ResponseCache[] = [];
  clearOnWrites(app, answerCaches);

  const fanOut = await createFanOut(config.redisUrl, app.log);
  const services = createServices(
    config,
    db,
    options.smsSender ?? logSmsSender(app.log),
    app.log,
    fanOut.fanOut,
  );
  answerCaches.push(services.userModule.listAnswers);
  app.addHook('onClose', async () => {
    await services.lightingScheduler.stop();
    services.testClock?.close();
    services.lightingControl.close();
    services.lightingStrategies.close();
  });
  app.addHook('onClose', () => services.devices.stop());
  app.addHook('onClose', () => fanOut.close());

  await app.register(
    async (api) => {
      await registerOpenApi(api, config.basePath);
      registerSessionRoutes(api, {
        guard: services.guard,
        sessions: services.sessions,
        loginGuard: services.loginGuard,
        permissions: services.permissions,
        platform: services.platform,
        casUrl: config.casUrl,
      });
      // Modules register here, one call each, in the order of the product's menu.
      await registerRealtimeRoutes(api, { guard: services.guard, realtime: services.realtime });
      services.home.registerRoutes(api, services.guard);
      // Publishing and managing announcements are operations like those of the System menu.
      await api.register(async (scope) => {
        services.logModule.recordOperations(scope, services.guard);
        registerAnnouncementRoutes(scope, { guard: services.guard, announcements: services.announcements });
      });
      registerDeviceRoutes(api, { guard: services.guard, devices: services.deviceService });
      registerLightingRoutes(api, {
        guard: services.guard,
        lighting: services.lighting,
        control: services.lightingControl,
        strategies: services.lightingStrategies,
      });
      await registerSystemRoutes(api, { db, config, services });
    },
    { prefix: config.basePath },
  );

  await registerConsole(app, config.webDir ?? defaultWebDir, config.basePath);
  return { app, services };
}
