import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { AccessGuard } from '../../http/routes';
import { registerMessages } from '../../lib/messages';
import type { LiveEvents, UserPush } from '../device';
import type { PermissionService } from '../permission';
import type { ProjectScopeService, ProjectService } from '../project';
import { alarmMessages } from './alarm.messages';
import { AlarmRepository } from './alarm.repository';
import { registerAlarmRoutes } from './alarm.routes';
import { AlarmService } from './alarm.service';
import { AlarmEngine } from './alarm-engine';
import { LampAnomalies } from './anomalies';
import { DeviceAlarmSource } from './device-source';
import { AlarmNotifier } from './notifier';
import { RuleRepository } from './rule.repository';
import { RuleService } from './rule.service';
import { ScheduleAnomalies, type ScheduleSource } from './schedule-anomalies';
import type { SensorLimitSource } from './sensor-limits';
import { type CircuitSource, SupplyLoss } from './supply-loss';
import { AlarmSweeper, type SweeperLog, type SweeperOptions } from './sweeper';
import { WebhookRepository } from './webhook.repository';
import { defaultWebhookOptions, type WebhookOptions, WebhookService } from './webhook.service';
import { type AlarmWorkOrderLookup, WorkOrderLinks } from './work-order-links';

export type AlarmModuleDeps = {
  db: Database;
  log: SweeperLog;
  /** Which projects a user may see: every alarm query is limited to them. */
  scopes: ProjectScopeService;
  /** Whether projects exist, their names. */
  projects: ProjectService;
  /** The device module's live events: faults and offline/online changes raise and clear alarms. */
  live: LiveEvents;
  /** Pushes to consoles (the realtime hub). */
  push: UserPush;
  /** Who may hear of a project's alarms: its users holding the alarm list mark. */
  permissions: Pick<PermissionService, 'hasMark'>;
  webhookOptions?: WebhookOptions;
  sweeperOptions?: SweeperOptions;
  /** What the lighting strategies prescribe for each lamp now (absent: no schedule anomalies). */
  schedule?: ScheduleSource;
  /** Every circuit with its cabinet and lamps, from the lighting module (absent: no supply alarms). */
  circuits?: CircuitSource;
  /** The environment module's thresholds, held beside the rules' (absent: rules only). */
  sensorLimits?: SensorLimitSource;
};

/**
 * Fault alarms (see README.md): raised and cleared from device faults, offline gateways and
 * devices, sensor thresholds; de-duplicated, correlated under offline gateways, acknowledged and
 * resolved, pushed to consoles, escalated, and sent to webhooks.
 */
export function createAlarmModule(deps: AlarmModuleDeps) {
  registerMessages(alarmMessages);
  const { db, scopes, projects } = deps;
  const repo = new AlarmRepository(db);
  const rules = new RuleService(new RuleRepository(db), scopes, projects);
  const webhooks = new WebhookService(
    new WebhookRepository(db),
    scopes,
    projects,
    deps.webhookOptions ?? defaultWebhookOptions,
  );
  const workOrders = new WorkOrderLinks();
  const notifier = new AlarmNotifier({
    db,
    push: deps.push,
    audience: (projectId) => scopes.audienceOf(projectId),
    hasMark: (userId, mark) => deps.permissions.hasMark(userId, mark),
    projects,
    webhooks,
    workOrders,
  });
  const engine = new AlarmEngine(repo, rules, notifier);
  const alarms = new AlarmService(repo, scopes, notifier);
  const source = new DeviceAlarmSource(deps.live, engine, (err) =>
    deps.log.error({ err }, 'alarm batch failed'),
  );
  const lampAnomalies = new LampAnomalies(repo, engine, rules, projects);
  const scheduleAnomalies = deps.schedule ? new ScheduleAnomalies(repo, engine, rules, deps.schedule) : null;
  const supplyLoss = deps.circuits ? new SupplyLoss(repo, engine, deps.circuits) : null;
  // What the sweep evaluates on the anomaly interval: lamps against the sun and their rated
  // power, and against their schedule; circuits and cabinets that lost their supply.
  const anomalies = {
    async evaluate(now: Date) {
      await lampAnomalies.evaluate(now);
      await scheduleAnomalies?.evaluate(now);
      await supplyLoss?.evaluate(now);
    },
  };
  const sweeper = new AlarmSweeper(
    db,
    repo,
    engine,
    rules,
    webhooks,
    anomalies,
    deps.log,
    deps.sweeperOptions,
    deps.sensorLimits,
  );
  const services = { alarms, rules, webhooks };
  return {
    ...services,
    engine,
    source,
    anomalies,
    /** Grace periods, escalation, thresholds, offline repair and webhook sending on one node; the app starts it. */
    sweeper,
    /** Where the workorder module registers which open order handles each alarm (`workOrderId`). */
    workOrders: { register: (lookup: AlarmWorkOrderLookup) => workOrders.register(lookup) },
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) => registerAlarmRoutes(api, guard, services),
    /** Applies the events heard and stops listening (the app stops the sweeper). */
    close: () => source.close(),
  };
}

export type AlarmModule = ReturnType<typeof createAlarmModule>;
