import type {
  Language,
  Page,
  StrategyDto,
  StrategyInput,
  StrategyTargetKind,
  strategyListQuerySchema,
} from '@ics/contract/server';
import { DEFAULT_LANGUAGE, projectName, toPage } from '@ics/contract/server';
import type { z } from 'zod';
import { isoOrNull } from '../../../http/sql-where';
import { AppError } from '../../../lib/errors';
import type { DeviceLookup } from '../../device';
import type { ProjectService } from '../../project';
import type { GroupRepository } from '../group/group.repository';
import type { LightingAccess } from '../lighting-access';
import { dateText, type StrategyRepository, type StrategyRow } from './strategy.repository';

const toDto = (r: StrategyRow, names: Map<string, string>): StrategyDto => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  priority: r.priority,
  enabled: r.enabled,
  startDate: dateText(r.start_date),
  endDate: dateText(r.end_date),
  weekdays: r.weekdays,
  actions: r.actions,
  targets: (r.targets ?? []).map((t) => ({ ...t, name: names.get(`${t.kind}:${t.id}`) ?? null })),
  fallbackLevel: r.fallback_level,
  remark: r.remark,
  version: r.version,
  createBy: r.create_by,
  createTime: isoOrNull(r.create_time)!,
  updateTime: isoOrNull(r.update_time)!,
});

/** Told which projects' strategies changed and by whom, so their gateways get the resulting schedules. */
export type StrategyChanged = (
  by: { userId: string; username: string },
  projectIds: string[],
) => Promise<void>;

const TARGET_KINDS = ['lamp', 'group', 'gateway', 'project'] as const satisfies readonly StrategyTargetKind[];

/** Strategies: what lamps do when, on which dates, for which targets (lamps, groups, gateways, a project). */
export class StrategyService {
  constructor(
    private readonly repo: StrategyRepository,
    private readonly groups: GroupRepository,
    private readonly access: LightingAccess,
    private readonly projects: ProjectService,
    private readonly devices: DeviceLookup,
    private readonly changed: StrategyChanged,
  ) {}

  /** Display names of strategies' targets, by `kind:id` (projects' in `lang`). */
  private async targetNames(rows: StrategyRow[], lang: Language): Promise<Map<string, string>> {
    const all = rows.flatMap((r) => r.targets ?? []);
    const ids = (kind: StrategyTargetKind) => [
      ...new Set(all.filter((t) => t.kind === kind).map((t) => t.id)),
    ];
    const [lamps, groups, gateways, projects] = await Promise.all([
      this.devices.lamps(ids('lamp'), {}),
      this.groups.named(ids('group'), 'all'),
      this.devices.gateways(ids('gateway'), {}),
      this.projects.places(ids('project')).then((l) => l.map((p) => ({ ...p, name: projectName(p, lang) }))),
    ]);
    const names = new Map<string, string>();
    for (const [kind, list] of [
      ['lamp', lamps],
      ['group', groups],
      ['gateway', gateways],
      ['project', projects],
    ] as const)
      for (const r of list) names.set(`${kind}:${r.id}`, r.name);
    return names;
  }

  async list(
    userId: string,
    q: z.output<typeof strategyListQuerySchema>,
    lang: Language,
  ): Promise<Page<StrategyDto>> {
    const { rows, total } = await this.repo.list(await this.access.scopeOf(userId), q);
    const names = await this.targetNames(rows, lang);
    return toPage(
      rows.map((r) => toDto(r, names)),
      total,
      q.pageNo,
      q.pageSize,
    );
  }

  private async own(userId: string, id: string): Promise<StrategyRow> {
    return this.access.own(userId, await this.repo.strategy(id), 'lighting.strategy_not_found');
  }

  async get(userId: string, id: string, lang: Language): Promise<StrategyDto> {
    const row = await this.own(userId, id);
    return toDto(row, await this.targetNames([row], lang));
  }

  /** The ids among `ids` of targets of `kind` in a project. */
  private async targetsIn(kind: StrategyTargetKind, projectId: string, ids: string[]): Promise<string[]> {
    switch (kind) {
      case 'lamp':
        return (await this.devices.lamps(ids, { projectId })).map((l) => l.id);
      case 'group':
        return (await this.groups.named(ids, 'all', projectId)).map((g) => g.id);
      case 'gateway':
        return (await this.devices.gateways(ids, { projectId })).map((g) => g.id);
      case 'project':
        return ids.filter((id) => id === projectId);
    }
  }

  /** The project must be the caller's, and every target must exist in it. */
  private async checkTargets(userId: string, b: StrategyInput) {
    await this.access.assertProject(userId, b.projectId);
    for (const kind of TARGET_KINDS) {
      const ids = [...new Set(b.targets.filter((t) => t.kind === kind).map((t) => t.id))];
      if (!ids.length) continue;
      const found = new Set(await this.targetsIn(kind, b.projectId, ids));
      const missing = ids.find((id) => !found.has(id));
      if (missing) throw new AppError(400, 'lighting.target_other_project', { id: missing });
    }
  }

  /** Adds a strategy; answers it with its targets named in `lang`. */
  async add(
    userId: string,
    username: string,
    b: StrategyInput,
    lang: Language = DEFAULT_LANGUAGE,
  ): Promise<StrategyDto> {
    await this.checkTargets(userId, b);
    return this.get(userId, await this.repo.insert(b, username), lang);
  }

  /** Rewrites a strategy; gateways holding a schedule it changed (or ended, when disabled) get the new one. */
  async edit(
    by: { userId: string; username: string },
    b: StrategyInput & { id: string },
    lang: Language = DEFAULT_LANGUAGE,
  ): Promise<StrategyDto> {
    const before = await this.own(by.userId, b.id);
    await this.checkTargets(by.userId, b);
    await this.repo.update(b.id, b);
    await this.changed(by, [...new Set([before.project_id, b.projectId])]);
    return this.get(by.userId, b.id, lang);
  }

  /** Deletes strategies; the gateways that held their schedules get what governs them now (or nothing). */
  async delete(by: { userId: string; username: string }, ids: string[]): Promise<void> {
    const projectIds = await this.repo.delete(await this.access.scopeOf(by.userId), ids);
    await this.changed(by, projectIds);
  }
}
