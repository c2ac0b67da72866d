import {
  type AlarmCounts,
  type AlarmDetail,
  type AlarmDto,
  type AlarmEventDto,
  type AlarmPoleDto,
  type Language,
  type Page,
  toPage,
} from '@ics/contract/server';
import { sortOrder } from '../../http/sql-where';
import { AppError, notFound } from '../../lib/errors';
import type { ProjectScopeService } from '../project';
import type { AlarmFilter, AlarmRepository } from './alarm.repository';
import type { AlarmNotifier } from './notifier';

/** Most rows one export writes. */
export const EXPORT_MAX = 50_000;

const SORTS = {
  lastAt: 'a.last_at',
  firstAt: 'a.first_at',
  count: 'a.count',
  severity: "array_position(array['critical','major','minor','warning'], a.severity)",
  status: 'a.status',
  code: 'a.code',
};
const order = (column: string | undefined, dir: string | undefined) =>
  `${sortOrder(column, dir, SORTS, 'a.last_at desc')}, a.id desc`;

/** Alarms as people see and handle them: lists, counts, acknowledging, resolving, comments. */
export class AlarmService {
  constructor(
    private readonly repo: AlarmRepository,
    private readonly scopes: ProjectScopeService,
    private readonly notifier: AlarmNotifier,
  ) {}

  async list(
    userId: string,
    filter: AlarmFilter,
    page: { pageNo: number; pageSize: number; column?: string | undefined; order?: string | undefined },
    lang: Language,
  ): Promise<Page<AlarmDto>> {
    const scope = await this.scopes.scopeOf(userId);
    const { rows, total } = await this.repo.page(scope, filter, page, order(page.column, page.order));
    return toPage(await this.notifier.dtos(rows, lang), total, page.pageNo, page.pageSize);
  }

  async exportRows(
    userId: string,
    filter: AlarmFilter,
    sort: { column?: string | undefined; order?: string | undefined },
    lang: Language,
  ): Promise<AlarmDto[]> {
    const scope = await this.scopes.scopeOf(userId);
    const rows = await this.repo.all(scope, filter, order(sort.column, sort.order), EXPORT_MAX);
    return this.notifier.dtos(rows, lang);
  }

  async get(userId: string, id: string, lang: Language): Promise<AlarmDetail> {
    const row = await this.repo.byId(id);
    if (!row || !(await this.scopes.canSee(userId, row.project_id))) throw notFound('alarm.not_found');
    const [dto] = await this.notifier.dtos([row], lang);
    return { ...dto!, events: await this.repo.events(id) };
  }

  /**
   * Active alarms of each device (the sensor list shows them). No caller: the asking module has
   * already limited the devices to the caller's projects.
   */
  activeCountsOf(deviceIds: readonly string[]): Promise<ReadonlyMap<string, number>> {
    return this.repo.activeCountsOf(deviceIds);
  }

  async counts(userId: string, projectId: string | undefined): Promise<AlarmCounts> {
    return this.repo.counts(await this.scopes.scopeOf(userId), projectId);
  }

  /** Poles with active alarms in the caller's projects: the most severe and how many (the map). */
  async poleCounts(userId: string, projectId: string | undefined): Promise<AlarmPoleDto[]> {
    return this.repo.poleCounts(await this.scopes.scopeOf(userId), projectId);
  }

  /** Acknowledges open alarms among `ids` (those of other projects or not open are left alone). */
  ack(userId: string, username: string, ids: readonly string[], comment: string | undefined) {
    return this.setStatus(userId, username, ids, 'acknowledged', comment);
  }

  /** Resolves alarms among `ids` and those folded under them. */
  resolve(userId: string, username: string, ids: readonly string[], comment: string | undefined) {
    return this.setStatus(userId, username, ids, 'resolved', comment);
  }

  private async setStatus(
    userId: string,
    username: string,
    ids: readonly string[],
    status: 'acknowledged' | 'resolved',
    comment: string | undefined,
  ): Promise<{ count: number }> {
    const unique = [...new Set(ids)];
    const scope = await this.scopes.scopeOf(userId);
    const rows = await this.repo.setStatus(unique, status, username, scope);
    if (rows.length === 0) {
      // Nothing changed: say why (unknown or not theirs, or already in that state).
      const visible = await this.repo.byIds(unique);
      const mine = [];
      for (const r of visible) if (await this.scopes.canSee(userId, r.project_id)) mine.push(r);
      if (mine.length === 0) throw notFound('alarm.not_found');
      throw new AppError(409, status === 'resolved' ? 'alarm.already_resolved' : 'alarm.not_open');
    }
    const action = status === 'resolved' ? 'resolved' : 'acknowledged';
    await this.repo.addEvents(
      rows.map((r) => ({
        alarmId: r.id,
        action,
        actor: username,
        comment: comment || null,
        detail:
          r.parent_id && unique.includes(r.parent_id) && !unique.includes(r.id)
            ? { viaParent: r.parent_id }
            : {},
      })),
    );
    await this.notifier.announce(action, rows);
    return { count: rows.length };
  }

  async comment(userId: string, username: string, id: string, comment: string): Promise<AlarmEventDto> {
    const row = await this.repo.byId(id);
    if (!row || !(await this.scopes.canSee(userId, row.project_id))) throw notFound('alarm.not_found');
    const [event] = await this.repo.addEvents([
      { alarmId: id, action: 'commented', actor: username, comment },
    ]);
    return event!;
  }

  // ---- what work orders ask of alarms (the workorder module calls these) -------------------

  /** The alarms among `ids`, with their project and whether the device no longer reports them. */
  async find(ids: readonly string[]): Promise<Array<{ id: string; projectId: string; cleared: boolean }>> {
    return (await this.repo.byIds([...new Set(ids)])).map((r) => ({
      id: r.id,
      projectId: r.project_id,
      cleared: r.cleared,
    }));
  }

  /** A `workorder` line on each alarm's timeline: which order took it up and where it stands. */
  async recordWorkOrder(
    alarmIds: readonly string[],
    order: { id: string; code: string; status: string; open: boolean },
    actor: string,
  ): Promise<void> {
    await this.repo.addEvents(
      [...new Set(alarmIds)].map((alarmId) => ({
        alarmId,
        action: 'workorder' as const,
        actor,
        comment: order.code,
        detail: { workOrderId: order.id, code: order.code, status: order.status, open: order.open },
      })),
    );
  }
}
