import {
  type AlarmRuleDto,
  type AlarmSeverity,
  type AlarmType,
  defaultAlarmCodes,
  envMetrics,
  lampFaultCodes,
} from '@ics/contract/server';
import { AppError, notFound } from '../../lib/errors';
import type { ProjectScopeService, ProjectService } from '../project';
import type { RuleInput, RuleRepository } from './rule.repository';

/** How long the rules are reused before they are read again (other nodes' edits show within it). */
const RULES_TTL_MS = 5_000;

/** Sensor metrics a threshold rule may watch: every measured value (a wind direction is an angle, no level). */
const thresholdMetrics: readonly string[] = envMetrics.filter((m) => m !== 'windDirection');

/** A rule as it applies: what raising an alarm needs of it. */
export type EffectiveRule = {
  enabled: boolean;
  severity: AlarmSeverity;
  params: Record<string, unknown>;
  escalateAfterMinutes: number | null;
  escalateRoleId: string | null;
  escalateUserId: string | null;
};

/** A fault code no rule names (devices may report codes of their own): raised as major. */
const UNKNOWN_FAULT: EffectiveRule = {
  enabled: true,
  severity: 'major',
  params: {},
  escalateAfterMinutes: null,
  escalateRoleId: null,
  escalateUserId: null,
};

const key = (type: string, code: string) => `${type}:${code}`;

/** Alarm rules: defaults every project inherits and projects' own; the rule that applies to an alarm. */
export class RuleService {
  private loaded: {
    at: number;
    defaults: Map<string, AlarmRuleDto>;
    byProject: Map<string, Map<string, AlarmRuleDto>>;
  } | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly repo: RuleRepository,
    private readonly scopes: ProjectScopeService,
    private readonly projects: ProjectService,
  ) {}

  private async book() {
    if (!this.loaded || Date.now() - this.loaded.at > RULES_TTL_MS) {
      this.loading ??= this.repo
        .all()
        .then((rules) => {
          const defaults = new Map<string, AlarmRuleDto>();
          const byProject = new Map<string, Map<string, AlarmRuleDto>>();
          for (const r of rules) {
            if (r.projectId === null) defaults.set(key(r.type, r.code), r);
            else {
              const own = byProject.get(r.projectId) ?? new Map<string, AlarmRuleDto>();
              own.set(key(r.type, r.code), r);
              byProject.set(r.projectId, own);
            }
          }
          this.loaded = { at: Date.now(), defaults, byProject };
        })
        .finally(() => {
          this.loading = null;
        });
      await this.loading;
    }
    return this.loaded!;
  }

  /** Forgets the rules read (after an edit on this node). */
  invalidate(): void {
    this.loaded = null;
  }

  /** The rule that applies to a project's alarms of a type and code (null: none, the type is off). */
  async effective(projectId: string, type: AlarmType, code: string): Promise<EffectiveRule | null> {
    const book = await this.book();
    const rule = book.byProject.get(projectId)?.get(key(type, code)) ?? book.defaults.get(key(type, code));
    if (rule) return rule;
    return type === 'fault' ? UNKNOWN_FAULT : null;
  }

  /** The threshold rules that apply to a project (its own replacing the defaults of the same code). */
  async thresholds(projectId: string): Promise<AlarmRuleDto[]> {
    const book = await this.book();
    const merged = new Map<string, AlarmRuleDto>();
    for (const [k, r] of book.defaults) if (r.type === 'threshold') merged.set(k, r);
    for (const [k, r] of book.byProject.get(projectId) ?? []) if (r.type === 'threshold') merged.set(k, r);
    return [...merged.values()].filter((r) => r.enabled);
  }

  // ---- the API --------------------------------------------------------------------------------

  private async assertProject(userId: string, projectId: string | null): Promise<void> {
    if (projectId === null) {
      // The defaults reach every project: only a caller who sees every project edits them.
      if ((await this.scopes.scopeOf(userId)) !== 'all')
        throw new AppError(403, 'alarm.rule_defaults_forbidden');
      return;
    }
    if (!(await this.projects.exists(projectId)) || !(await this.scopes.canSee(userId, projectId)))
      throw notFound('alarm.project_not_found');
  }

  /** The rules of a project (its own and those it inherits), or the defaults. */
  async list(
    userId: string,
    projectId: string | undefined,
    type: AlarmType | undefined,
  ): Promise<AlarmRuleDto[]> {
    if (projectId) await this.assertProject(userId, projectId);
    const rules = await this.repo.all();
    const defaults = rules.filter((r) => r.projectId === null);
    const own = new Map(
      rules.filter((r) => projectId && r.projectId === projectId).map((r) => [key(r.type, r.code), r]),
    );
    const answer = defaults.map(
      (d) => own.get(key(d.type, d.code)) ?? { ...d, inherited: Boolean(projectId) },
    );
    for (const [k, r] of own) if (!defaults.some((d) => key(d.type, d.code) === k)) answer.push(r);
    return answer.filter((r) => !type || r.type === type);
  }

  async save(userId: string, username: string, input: RuleInput): Promise<AlarmRuleDto> {
    await this.assertProject(userId, input.projectId);
    validateRule(input);
    const targets = await this.repo.escalationTargetsExist(input.escalateRoleId, input.escalateUserId);
    if (!targets.role) throw new AppError(400, 'alarm.rule_role_not_found');
    if (!targets.user) throw new AppError(400, 'alarm.rule_user_not_found');
    const saved = await this.repo.save(input, username);
    this.invalidate();
    return saved;
  }

  async reset(userId: string, id: string): Promise<void> {
    const rule = await this.repo.byId(id);
    if (!rule || rule.projectId === null) throw notFound('alarm.rule_not_found');
    if (!(await this.scopes.canSee(userId, rule.projectId))) throw notFound('alarm.rule_not_found');
    await this.repo.removeProjectRule(id);
    this.invalidate();
  }
}

/** The codes and parameters each rule type takes. */
function validateRule(input: RuleInput): void {
  const p = input.params;
  if (input.type === 'threshold') {
    const metric = p.metric as string | undefined;
    if (!metric || !thresholdMetrics.includes(metric)) throw new AppError(400, 'alarm.rule_metric_invalid');
    if (p.comparison === undefined || p.value === undefined)
      throw new AppError(400, 'alarm.rule_threshold_incomplete');
    if (!/^[a-z0-9_]+_(high|low)$/i.test(input.code)) throw new AppError(400, 'alarm.rule_code_invalid');
    return;
  }
  if (input.type === 'fault') {
    // Devices may report codes beyond the TALQ flags (explicit events name any code).
    if (!/^[A-Za-z0-9_.:-]+$/.test(input.code)) throw new AppError(400, 'alarm.rule_code_invalid');
    return;
  }
  const codes: readonly string[] = defaultAlarmCodes[input.type] ?? lampFaultCodes;
  if (!codes.includes(input.code)) throw new AppError(400, 'alarm.rule_code_invalid');
}
