import type { Database } from '../../db/database';
import { LeaderLock } from '../../db/leader-lock';
import type { AlarmRepository, Clear } from './alarm.repository';
import type { AlarmEngine, Condition } from './alarm-engine';
import type { LampAnomalies } from './anomalies';
import type { RuleService } from './rule.service';
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
    private readonly anomalies: LampAnomalies,
    private readonly log: SweeperLog,
    private readonly options: SweeperOptions = { intervalMs: 2_000, anomalyIntervalMs: 60_000 },
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
   * Sensor thresholds: a value beyond its limit waits out the rule's duration (pending), a value
   * back within it drops the pending condition, and an alarm clears once the value is back past
   * the hysteresis band.
   */
  async thresholds(now: Date): Promise<void> {
    const sensors = await this.repo.sensorValues();
    if (sensors.length === 0) return;
    const known = await this.repo.activeKeys('threshold');
    const beyond: Condition[] = [];
    const within: Clear[] = [];
    const clears: Clear[] = [];
    for (const s of sensors) {
      for (const rule of await this.rules.thresholds(s.project_id)) {
        const p = rule.params;
        if (p.sensorId && p.sensorId !== s.id) continue;
        const value = s.vals?.[String(p.metric)];
        const limit = Number(p.value);
        if (typeof value !== 'number' || !Number.isFinite(limit)) continue;
        const hysteresis = Number(p.hysteresis ?? 0);
        const high = p.comparison !== 'lt';
        const over = high ? value > limit : value < limit;
        const back = high ? value <= limit - hysteresis : value >= limit + hysteresis;
        const k = keyOf('device', s.id, rule.code);
        const key = { sourceKind: 'device' as const, sourceId: s.id, code: rule.code, at: now };
        if (over && !known.alarmed.has(k) && !known.pending.has(k))
          beyond.push({
            projectId: s.project_id,
            sourceKind: 'device',
            sourceId: s.id,
            deviceId: s.id,
            gatewayId: s.gateway_id,
            poleId: s.pole_id,
            type: 'threshold',
            code: rule.code,
            at: now,
            detail: { metric: p.metric, value, limit, comparison: high ? 'gt' : 'lt' },
          });
        else if (!over && known.pending.has(k)) within.push(key);
        if (back && known.alarmed.has(k)) clears.push(key);
      }
    }
    await this.repo.dropPending(within);
    await this.engine.observe(beyond);
    await this.engine.clear(clears);
  }
}
