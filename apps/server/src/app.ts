import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { migrationsApplied } from './db/migrate';
import { installErrorHandling } from './http/error-handler';
import { clearOnWrites, type ResponseCache } from './http/response-cache';
import { createAlarmModule } from './modules/alarm';
import { createAnnouncementModule } from './modules/announcement';
import { createCheckModule } from './modules/check';
import { createDepartModule } from './modules/depart';
import { createDeviceModule } from './modules/device';
import { createDictModule } from './modules/dict';
import { createEnvModule } from './modules/env';
import { createHomeModule } from './modules/home';
import { createI18nModule } from './modules/i18n';
import { createLightingModule } from './modules/lighting';
import { createLogModule } from './modules/log';
import { createDataRules, createPermissionModule } from './modules/permission';
import { createPlatformModule } from './modules/platform';
import { createProjectModule } from './modules/project';
import { createRealtimeModule, type FanOut } from './modules/realtime';
import { createRoleModule } from './modules/role';
import { createSessionModule, logSmsSender, type SmsSender } from './modules/session';
import { createUserModule, type SeedOutcome, seedAdmin } from './modules/user';
import { createWorkOrderModule } from './modules/workorder';
import { registerAccessLog, requestId } from './plugins/access-log';
import { registerConsole } from './plugins/console';
import { registerCors } from './plugins/cors';
import { useDatabase } from './plugins/database';
import { useDemo } from './plugins/demo';
import { demoLighting } from './plugins/demo-district';
import { useDeviceBus } from './plugins/device-bus';
import { useFanOut } from './plugins/fan-out';
import { registerHealthRoutes } from './plugins/health';
import { createMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { useScheduler } from './plugins/scheduler';
import { registerSecurityHeaders } from './plugins/security-headers';

const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppOptions = {
  config: Config;
  /** A database to serve from (tests); without it the app opens the configured one and closes it. */
  db?: Database;
  /** The configured database, already being opened (by main.ts); the app closes it. */
  opening?: Promise<Database>;
  /** Start the device bus, the scheduler and the demo when the app is ready (the server does; tests start what they need). */
  start?: boolean;
  /** Replaces the SMS sender that writes codes to the log (tests capture codes with it). */
  smsSender?: SmsSender;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

export type Services = ReturnType<typeof createModules>;

/**
 * The modules, each created by its factory from what it names, in dependency order; then the
 * realtime hub, devices and street lighting.
 */
function createModules(
  config: Config,
  db: Database,
  smsSender: SmsSender,
  logger: FastifyBaseLogger,
  fanOut: FanOut,
) {
  // Data rules restrict the lists of several modules, which register their lists with them.
  const dataRules = createDataRules({ db });
  const i18n = createI18nModule({ db, dataRules });
  const check = createCheckModule({ db });
  const dict = createDictModule({ db, dataRules, i18n: i18n.service, duplicates: check.service });
  const platform = createPlatformModule({ db, config });
  const log = createLogModule({ db, dataRules });
  const role = createRoleModule({
    db,
    dataRules,
    dicts: dict.service,
    duplicates: check.service,
    i18n: i18n.service,
  });
  const user = createUserModule({
    db,
    config,
    dataRules,
    i18n: i18n.service,
    roles: role.service,
    dicts: dict.service,
    duplicates: check.service,
  });
  const depart = createDepartModule({
    db,
    i18n: i18n.service,
    users: user.service,
    dicts: dict.service,
    duplicates: check.service,
  });
  const permission = createPermissionModule({
    db,
    dataRules,
    i18n: i18n.service,
    dicts: dict.service,
    roles: role.service,
    users: user.service,
    departs: depart.service,
    duplicates: check.service,
  });
  const project = createProjectModule({
    db,
    dataRules,
    dicts: dict.service,
    duplicates: check.service,
    roles: role.service,
    departs: depart.service,
  });
  const session = createSessionModule({
    db,
    config,
    smsSender,
    users: user.service,
    permissions: permission.service,
    platform: platform.service,
    dicts: dict.service,
    logs: log.service,
  });
  const home = createHomeModule({ logs: log.service });
  // Console sockets of this node; device modules push with realtime.sendToUsers(...).
  const realtimeModule = createRealtimeModule({ fanOut });
  const realtime = realtimeModule.hub;
  const announcement = createAnnouncementModule({ db, i18n: i18n.service, realtime, users: user.service });
  // Device registry, bus, ingestion and commands, started with the app (or by a test). Its lamp
  // list filters by area through the lighting module's roads (lighting, created next, needs devices).
  const device = createDeviceModule({
    db,
    log: logger,
    config,
    scopes: project.scope,
    audience: (projectId) => project.scope.audienceOf(projectId),
    projects: project.service,
    roadsOfArea: (areaId) => lighting.roadIdsOfArea(areaId),
    push: realtime,
  });
  const devices = device.runtime;
  // Street lighting; the scheduler starts with the app (tests make their own with a test clock).
  const lighting = createLightingModule({
    db,
    log: logger,
    config,
    scopes: project.scope,
    projects: project.service,
    devices: device.service,
    deviceLookup: device.lookup,
    commands: device.commands,
    push: realtime,
  });
  // Environment sensors are devices: the registry answers their values, history and scope; the
  // alarm module answers each sensor's active alarms (asked only once both exist).
  const env = createEnvModule({
    db,
    devices: device.service,
    scopes: project.scope,
    projects: project.service,
    alarmCounts: (sensorIds) => alarm.alarms.activeCountsOf(sensorIds),
  });
  const alarm = createAlarmModule({
    db,
    log: logger,
    scopes: project.scope,
    projects: project.service,
    live: device.live,
    push: realtime,
    permissions: permission.service,
    sensorLimits: (projectId) => env.thresholds.limitsOf(projectId),
    schedule: (now) => lighting.scheduledLevels.at(now),
    circuits: () => lighting.circuitLamps(),
  });
  // Work orders over the caller's projects, made from alarms and shown on their timelines.
  const workOrder = createWorkOrderModule({
    db,
    config,
    scopes: project.scope,
    projects: project.service,
    permissions: permission.service,
    alarms: alarm.alarms,
  });
  // Alarms name the open work order handling them: work orders depend on alarms, so they tell.
  alarm.workOrders.register((alarmIds) => workOrder.service.openOrdersOf(alarmIds));
  return {
    i18n,
    check,
    dict,
    platform,
    log,
    role,
    user,
    depart,
    permission,
    project,
    session,
    home,
    realtime,
    realtimeModule,
    announcement,
    device,
    devices,
    liveEvents: device.live,
    lighting,
    env,
    alarm,
    workOrder,
  };
}

/** Fastify's own settings: logging, trusted proxies, body size, request ids. */
function serverOptions(config: Config, options: AppOptions) {
  return {
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // A hop count becomes Fastify's trust function (its types accept no number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // The access log writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
  };
}

export type BuiltApp = {
  app: FastifyInstance;
  services: Services;
  /** Whether this start created the administrator account (and its generated password, to show once). */
  seed: SeedOutcome;
};

/**
 * Builds the application in the order it boots: HTTP handling, the database, console pushes,
 * the modules, the device bus, the strategy scheduler and the demo (started when the app is
 * ready, if `start`), then the API routes and the console. Closing runs the other way round.
 */
export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify(serverOptions(config, options));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  registerAccessLog(app, { level: config.accessLog, sample: config.accessLogSample });
  await registerSecurityHeaders(app);
  await registerCors(app, config.corsOrigins);
  // Before any route is registered, so that every writing route clears the answer caches.
  const answerCaches: ResponseCache[] = [];
  clearOnWrites(app, answerCaches);

  const db = await useDatabase(app, config, options.db, options.opening);
  const fanOut = await useFanOut(app, config);
  const services = createModules(
    config,
    db,
    options.smsSender ?? logSmsSender(app.log),
    app.log,
    fanOut.fanOut,
  );
  answerCaches.push(services.user.listAnswers);
  const seed = await seedAdmin(db, config.adminPassword);
  const start = options.start ?? false;
  useDeviceBus(app, services.device, start);
  useScheduler(app, services.lighting.scheduler, start);
  useScheduler(app, services.alarm.sweeper, start);
  app.addHook('onClose', () => services.alarm.close());
  useDemo(app, start && config.demo, () =>
    services.device.startDemo(app.log, demoLighting(services.lighting)),
  );
  app.addHook('onClose', () => services.lighting.close());
  const metrics = createMetrics(app, {
    token: config.metricsToken,
    sources: {
      ingest: () =>
        services.devices.running
          ? { counters: services.devices.ingest.stats, backlog: services.devices.ingest.backlog }
          : null,
      onCommandOutcome: (listener) => services.device.commands.onOutcome((e) => listener(e.payload.status)),
      onCommandRoundTrip: (listener) => services.device.commands.onRoundTrip(listener),
      websocketClients: () => services.realtime.connectionCount(),
      databasePool: () => db.poolStats(),
    },
  });

  await app.register(
    async (api) => {
      await registerOpenApi(api, config.basePath);
      const { guard } = services.session;
      registerHealthRoutes(api, guard, [
        { part: 'database', check: async () => (await db.query('select 1')).length === 1 },
        { part: 'migrations', check: () => migrationsApplied(db) },
        { part: 'broker', check: () => services.devices.connected },
        ...(fanOut.redisReady ? [{ part: 'redis' as const, check: fanOut.redisReady }] : []),
      ]);
      metrics.registerRoute(api, guard);
      services.session.registerRoutes(api, guard);
      // Modules register here, one call each, in the order of the product's menu.
      await services.realtimeModule.registerRoutes(api, guard);
      services.home.registerRoutes(api, guard);
      // Publishing and managing announcements are operations like those of the System menu.
      await api.register(async (scope) => {
        services.log.recordOperations(scope, guard);
        services.announcement.registerRoutes(scope, guard);
      });
      services.device.routes(api, guard);
      services.lighting.registerRoutes(api, guard);
      services.env.registerRoutes(api, guard);
      services.alarm.registerRoutes(api, guard);
      await services.workOrder.registerRoutes(api, guard);
      // System administration: every operation of these routes goes to the operation log.
      await api.register(async (scope) => {
        services.log.recordOperations(scope, guard);
        const { user, role, permission, depart, dict, check, project, i18n, platform, log } = services;
        for (const module of [user, role, permission, depart, dict, check, project, i18n, platform, log])
          await module.registerRoutes(scope, guard);
      });
    },
    { prefix: config.basePath },
  );

  await registerConsole(app, config.webDir ?? defaultWebDir, config.basePath);
  return { app, services, seed };
}
