import type { Database } from '../../db/database';
import { LeaderLock } from '../../db/leader-lock';
import type { AlarmRepository, Clear } from './alarm.repository';
import type { AlarmEngine, Condition } from './alarm-engine';
import type { LampAnomalies } from './anomalies';
import type { RuleService } from './rule.service';
import { mergeLimits, ruleLimit, type SensorLimit, type SensorLimitSource } from './sensor-limits';
import type { WebhookService } from './webhook.service';

/** Advisory lock key of the alarm sweeper (one leader among API nodes). */
export const ALARM_SWEEP_LOCK_KEY = 4242080;

export type SweeperOptions = {
  /** How often the leader sweeps. */
  intervalMs: number;
  /** How often lamp anomalies are evaluated (they read every lit lamp). */
  anomalyIntervalMs: number;
};

export type SweeperLog = { error(obj: object, msg: string): void };

const keyOf = (kind: string, id: string, code: string) => `${kind}:${id}:${code}`;

/**
 * What the alarm module does on a clock, on one node (the holder of an advisory lock): raises
 * conditions whose grace period is over, escalates alarms left unacknowledged, evaluates sensor
 * thresholds, reconciles gateway offline alarms with the gateways' state (repairing what a lost
 * event missed) and sends webhook deliveries that are due.
 */
export class AlarmSweeper {
  private readonly lock: LeaderLock;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private anomaliesAt = 0;

  constructor(
    db: Database,
    private readonly repo: AlarmRepository,
    private readonly engine: AlarmEngine,
    private readonly rules: RuleService,
    private readonly webhooks: WebhookService,
    private readonly anomalies: Pick<LampAnomalies, 'evaluate'>,
    private readonly log: SweeperLog,
    private readonly options: SweeperOptions = { intervalMs: 2_000, anomalyIntervalMs: 60_000 },
    /** The environment module's limits (absent: only the rules' thresholds apply). */
    private readonly envLimits?: SensorLimitSource,
  ) {
    this.lock = new LeaderLock(db, ALARM_SWEEP_LOCK_KEY);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.running = this.tick().finally(() => {
        this.running = null;
        if (!this.stopped) this.timer = setTimeout(loop, this.options.intervalMs);
      });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.lock.stop();
  }

  /** One sweep if this node leads; never throws. */
  async tick(now = new Date()): Promise<void> {
    try {
      if (!(await this.lock.acquire())) return;
      await this.sweep(now);
    } catch (err) {
      this.log.error({ err }, 'alarm sweep failed');
    }
  }

  /** One sweep (tests call it directly with their clock). */
  async sweep(now: Date): Promise<void> {
    await this.reconcileGateways(now);
    await this.thresholds(now);
    if (now.getTime() - this.anomaliesAt >= this.options.anomalyIntervalMs) {
      this.anomaliesAt = now.getTime();
      await this.anomalies.evaluate(now);
    }
    await this.engine.raiseDue(now);
    await this.engine.escalateDue(now);
    await this.webhooks.sendDue();
  }

  /** Offline gateways without an alarm or a pending one get one; online ones lose theirs. */
  async reconcileGateways(now: Date): Promise<void> {
    const [gateways, known] = await Promise.all([
      this.repo.gatewaysOnline(),
      this.repo.activeKeys('offline'),
    ]);
    const down: Condition[] = [];
    const up: Clear[] = [];
    for (const g of gateways) {
      const k = keyOf('gateway', g.id, 'gateway_offline');
      const tracked = known.alarmed.has(k) || known.pending.has(k);
      if (!g.online && !tracked)
        down.push({
          projectId: g.project_id,
          sourceKind: 'gateway',
          sourceId: g.id,
          deviceId: null,
          gatewayId: g.id,
          poleId: g.pole_id,
          type: 'offline',
          code: 'gateway_offline',
          at: now,
          detail: {},
        });
      else if (g.online && tracked)
        up.push({ sourceKind: 'gateway', sourceId: g.id, code: 'gateway_offline', at: now });
    }
    await this.engine.observe(down);
    await this.engine.clear(up);
  }

  /**
   * Sensor thresholds (rules and the environment pages' limits, see `sensor-limits.ts`): a value
   * beyond its limit waits out the duration (pending), a value back within it drops the pending
   * condition, and an alarm clears once the value is back past the hysteresis band or its limit
   * is gone.
   */
  async thresholds(now: Date): Promise<void> {
    const sensors = await this.repo.sensorValues();
    if (sensors.length === 0) return;
    const known = await this.repo.activeKeys('threshold');
    const tracked = codesBySensor(known);
    const envOf = new Map<string, (sensorId: string) => readonly SensorLimit[]>();
    const beyond: Condition[] = [];
    const within: Clear[] = [];
    const clears: Clear[] = [];
    for (const s of sensors) {
      if (this.envLimits && !envOf.has(s.project_id))
        envOf.set(s.project_id, await this.envLimits(s.project_id));
      const rules = (await this.rules.thresholds(s.project_id)).flatMap((r) => ruleLimit(r, s.id) ?? []);
      const limits = mergeLimits(rules, envOf.get(s.project_id)?.(s.id) ?? []);
      const held = new Set<string>();
      for (const limit of limits) {
        held.add(limit.code);
        const value = s.vals?.[limit.metric];
        if (typeof value !== 'number') continue;
        const high = limit.comparison === 'gt';
        const over = high ? value > limit.value : value < limit.value;
        const back = high ? value <= limit.value - limit.hysteresis : value >= limit.value + limit.hysteresis;
        const k = keyOf('device', s.id, limit.code);
        const key = { sourceKind: 'device' as const, sourceId: s.id, code: limit.code, at: now };
        if (over && !known.alarmed.has(k) && !known.pending.has(k))
          beyond.push({
            projectId: s.project_id,
            sourceKind: 'device',
            sourceId: s.id,
            deviceId: s.id,
            gatewayId: s.gateway_id,
            poleId: s.pole_id,
            type: 'threshold',
            code: limit.code,
            at: now,
            detail: {
              metric: limit.metric,
              value,
              limit: limit.value,
              comparison: limit.comparison,
              ...(limit.own ? { own: limit.own } : {}),
            },
          });
        else if (!over && known.pending.has(k)) within.push(key);
        if (back && known.alarmed.has(k)) clears.push(key);
      }
      // A limit removed or switched off: its waiting condition and its alarm go too.
      for (const { code, alarmed } of tracked.get(s.id) ?? [])
        if (!held.has(code))
          (alarmed ? clears : within).push({ sourceKind: 'device', sourceId: s.id, code, at: now });
    }
    await this.repo.dropPending(within);
    await this.engine.observe(beyond);
    await this.engine.clear(clears);
  }
}

/** The codes each sensor has waiting or alarmed (keys `device:<id>:<code>`; ids hold no colon). */
function codesBySensor(known: {
  pending: Set<string>;
  alarmed: Set<string>;
}): Map<string, Array<{ code: string; alarmed: boolean }>> {
  const out = new Map<string, Array<{ code: string; alarmed: boolean }>>();
  const add = (key: string, alarmed: boolean) => {
    const [kind, id, ...code] = key.split(':');
    if (kind !== 'device' || !id) return;
    const list = out.get(id) ?? [];
    list.push({ code: code.join(':'), alarmed });
    out.set(id, list);
  };
  for (const k of known.pending) add(k, false);
  for (const k of known.alarmed) add(k, true);
  return out;
}
