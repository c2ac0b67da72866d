import {
  DEFAULT_LANGUAGE,
  type Language,
  marks,
  type Page,
  projectName,
  toPage,
  type WorkOrderAction,
  type WorkOrderAssigneeDto,
  type WorkOrderDetail,
  type WorkOrderDto,
  type WorkOrderNoteDto,
  type WorkOrderPriority,
  type WorkOrderStatus,
  workOrderTransitions,
} from '@ics/contract/server';
import type { Database } from '../../db/database';
import { makeThumbnail } from '../../http/image-thumbnail';
import type { Caller } from '../../http/routes';
import { isoOrNull } from '../../http/sql-where';
import { checkImage, removeUpload, storeImage } from '../../http/uploaded-image';
import { AppError, notFound } from '../../lib/errors';
import type { ProjectScopeService, ProjectService } from '../project';
import type { WorkOrderAlarms } from './workorder.alarms';
import {
  inTransaction,
  OPEN_STATUSES,
  type StoredPhoto,
  type WorkOrderFilter,
  WorkOrderRepository,
  type WorkOrderRow,
} from './workorder.repository';

/** A photo: at most 5 MB and 4096 pixels a side (the contract's limits). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 4096;

/** Actions only the assignee takes: doing the work. */
const ASSIGNEE_ACTIONS: readonly WorkOrderAction[] = ['start', 'finish'];
/** Actions a dispatcher (mark `alarm:workorder:assign`) takes: checking the work, reopening. */
const DISPATCHER_ACTIONS: readonly WorkOrderAction[] = ['verify', 'reject', 'reopen'];

/** Whether a user holds a mark (the permission module's answer, cached there). */
export type MarkCheck = (userId: string, mark: string) => Promise<boolean>;

/** Who calls, and whether they may dispatch (assign, verify, reject, reopen). */
export type Actor = { caller: Caller; dispatcher: boolean };

export type WorkOrderAdd = {
  projectId: string;
  title: string;
  description?: string | null | undefined;
  priority: WorkOrderPriority;
  dueAt: string | null;
  assigneeId: string | null;
  alarmIds: string[];
};

export type WorkOrderEdit = { id: string } & Pick<
  WorkOrderAdd,
  'title' | 'description' | 'priority' | 'dueAt'
>;

/** `yyyymmdd` of now in a time zone: work order numbers count per local day. */
function localDay(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return `${parts.year}${parts.month}${parts.day}`;
}

/**
 * Work orders: created by hand or from alarms of one project, assigned to a user who may see
 * that project, moved along `workOrderTransitions` by the people each step belongs to, with
 * notes and photos. Every read and write is limited to the caller's projects.
 */
export class WorkOrderService {
  constructor(
    private readonly db: Database,
    private readonly scopes: ProjectScopeService,
    private readonly projects: ProjectService,
    private readonly files: { dataDir: string; url: (file: string) => string },
    /** Who may work on orders: assignees hold `alarm:workorder:edit` (they start and finish them). */
    private readonly hasMark: MarkCheck,
    /** Absent until the alarm module is wired: then no alarm can be linked. */
    private readonly alarms: WorkOrderAlarms | undefined,
  ) {}

  private get repo() {
    return new WorkOrderRepository(this.db);
  }

  async list(
    caller: Caller,
    filter: WorkOrderFilter & { mine?: boolean | undefined },
    page: { pageNo: number; pageSize: number; column?: string | undefined; order?: string | undefined },
    lang: Language,
  ): Promise<Page<WorkOrderDto>> {
    const scope = await this.scopes.scopeOf(caller.userId);
    const { mine, ...rest } = filter;
    const { rows, total } = await this.repo.list(
      scope,
      mine ? { ...rest, assigneeId: caller.userId } : rest,
      page,
    );
    return toPage(await this.toDtos(rows, lang), total, page.pageNo, page.pageSize);
  }

  async get(caller: Caller, id: string, lang: Language): Promise<WorkOrderDetail> {
    const row = await this.own(caller, id);
    const [dto] = await this.toDtos([row], lang);
    return { ...dto!, notes: await this.repo.notes(id, this.files.url) };
  }

  /**
   * The users a project's orders may go to, by username: those who see the project (the
   * project's audience: its departments' users and the administrators), may sign in, and hold
   * `alarm:workorder:edit`. At most `limit`, matching `keyword` in the username or real name.
   */
  async assignees(
    caller: Caller,
    query: { projectId: string; keyword?: string | undefined; limit: number },
  ): Promise<WorkOrderAssigneeDto[]> {
    const [place] = await this.projects.places([query.projectId]);
    if (!place || !(await this.scopes.canSee(caller.userId, query.projectId)))
      throw notFound('workorder.project_not_found');
    const audience = await this.scopes.audienceOf(query.projectId);
    const chosen: WorkOrderAssigneeDto[] = [];
    for (const user of await this.repo.activeUsersAmong(audience, query.keyword)) {
      if (await this.hasMark(user.id, marks.alarm.workorder.edit)) chosen.push(user);
      if (chosen.length === query.limit) break;
    }
    return chosen;
  }

  async add(actor: Actor, input: WorkOrderAdd): Promise<WorkOrderDto> {
    const { caller } = actor;
    const [place] = await this.projects.places([input.projectId]);
    if (!place || !(await this.scopes.canSee(caller.userId, input.projectId)))
      throw notFound('workorder.project_not_found');
    if (input.assigneeId) {
      if (!actor.dispatcher) throw new AppError(403, 'workorder.not_dispatcher');
      await this.assertAssignee(input.assigneeId, input.projectId);
    }
    const alarmIds = await this.projectAlarms(input.projectId, input.alarmIds);
    const status: WorkOrderStatus = input.assigneeId ? 'assigned' : 'new';
    const id = await inTransaction(this.db, async (repo) => {
      const n = await repo.nextNumber(localDay(place.timeZone));
      return repo.insert({
        projectId: input.projectId,
        code: `WO-${localDay(place.timeZone)}-${String(n).padStart(4, '0')}`,
        title: input.title,
        description: input.description ?? null,
        priority: input.priority,
        status,
        assigneeId: input.assigneeId,
        dueAt: input.dueAt,
        createdBy: caller.username,
        alarmIds,
      });
    });
    const row = (await this.repo.find(id))!;
    await this.tellAlarms(row, caller.username);
    return (await this.toDtos([row]))[0]!;
  }

  async edit(caller: Caller, input: WorkOrderEdit): Promise<WorkOrderDto> {
    const row = await this.own(caller, input.id);
    if (row.status === 'closed') throw new AppError(409, 'workorder.closed');
    await this.repo.update(input.id, {
      title: input.title,
      description: input.description ?? null,
      priority: input.priority,
      dueAt: input.dueAt,
    });
    return this.dto(input.id);
  }

  /** Gives the order to a user of its project; a new or rejected order becomes `assigned`. */
  async assign(caller: Caller, input: { id: string; assigneeId: string; note?: string | undefined }) {
    const row = await this.own(caller, input.id);
    const from: WorkOrderStatus[] = ['new', 'assigned', 'in_progress', 'rejected'];
    if (!from.includes(row.status))
      throw new AppError(409, 'workorder.bad_transition', { status: row.status });
    await this.assertAssignee(input.assigneeId, row.project_id);
    return this.move(caller, row, from, 'assigned', input.note, input.assigneeId);
  }

  /**
   * Moves an order on. Start and finish belong to its assignee; verify, reject and reopen to a
   * dispatcher; either may close it. Closing while a linked alarm is still reported by its
   * device answers 409 naming those alarms, unless `force`.
   */
  async transition(
    actor: Actor,
    input: { id: string; action: WorkOrderAction; note?: string | undefined; force: boolean },
  ): Promise<WorkOrderDto> {
    const { caller } = actor;
    const row = await this.own(caller, input.id);
    const step = workOrderTransitions[input.action];
    if (!step.from.includes(row.status))
      throw new AppError(409, 'workorder.bad_transition', { status: row.status });
    const isAssignee = row.assignee_id === caller.userId;
    if (ASSIGNEE_ACTIONS.includes(input.action) && !isAssignee)
      throw new AppError(403, 'workorder.not_assignee');
    if (DISPATCHER_ACTIONS.includes(input.action) && !actor.dispatcher)
      throw new AppError(403, 'workorder.not_dispatcher');
    if (input.action === 'close' && !isAssignee && !actor.dispatcher)
      throw new AppError(403, 'workorder.not_assignee');
    if (input.action === 'close' && !input.force) {
      const active = await this.stillReported(row.alarm_ids);
      if (active.length > 0)
        throw new AppError(409, 'workorder.fault_active', { count: active.length }, { alarmIds: active });
    }
    // Reopening an order nobody holds leaves it new, to be assigned.
    const to = input.action === 'reopen' && !row.assignee_id ? 'new' : step.to;
    return this.move(caller, row, step.from, to, input.note);
  }

  /**
   * Moves an order from one of `from` to `to` (with its assignee, when given) and notes it, in one
   * transaction; 409 when another request moved it first. Its alarms hear of the move.
   */
  private async move(
    caller: Caller,
    row: WorkOrderRow,
    from: readonly WorkOrderStatus[],
    to: WorkOrderStatus,
    note: string | undefined,
    assigneeId?: string,
  ): Promise<WorkOrderDto> {
    const moved = await inTransaction(this.db, async (repo) => {
      if (!(await repo.move(row.id, from, to, assigneeId))) return false;
      await repo.addNote(row.id, { author: caller.username, text: note ?? '', status: to });
      return true;
    });
    if (!moved) throw new AppError(409, 'workorder.bad_transition', { status: row.status });
    const after = (await this.repo.find(row.id))!;
    await this.tellAlarms(after, caller.username);
    return (await this.toDtos([after]))[0]!;
  }

  /**
   * Adds a note with photos, each stored with a thumbnail. Every photo is checked and decoded
   * (its thumbnail made) before anything is stored; files of a note that failed are removed.
   */
  async addNote(
    caller: Caller,
    input: { id: string; text: string; photos: string[] },
  ): Promise<WorkOrderNoteDto> {
    const row = await this.own(caller, input.id);
    if (row.status === 'closed') throw new AppError(409, 'workorder.closed');
    const checked = input.photos.map((p) => checkImage(p, PHOTO_MAX_BYTES, PHOTO_MAX_SIDE));
    // One at a time: decoding a large photo takes the memory of its pixels.
    const thumbnails = [];
    for (const image of checked) thumbnails.push(await makeThumbnail(image));
    const stored: StoredPhoto[] = [];
    try {
      for (const [i, image] of checked.entries())
        stored.push({
          file: await storeImage(this.files.dataDir, 'workorder', image),
          thumbFile: await storeImage(this.files.dataDir, 'workorderthumb', thumbnails[i]!),
          width: image.width,
          height: image.height,
        });
      const noteId = await inTransaction(this.db, (repo) =>
        repo.addNote(row.id, { author: caller.username, text: input.text, status: null }, stored),
      );
      return await this.repo.findNote(noteId, this.files.url, row.id);
    } catch (error) {
      await this.removeFiles(stored.flatMap((p) => [p.file, p.thumbFile]));
      throw error;
    }
  }

  /**
   * Removes a photo and its thumbnail from the disk. Its note's author or a dispatcher may,
   * while the order is open to notes (not closed).
   */
  async removePhoto(actor: Actor, photoId: string): Promise<void> {
    const { caller } = actor;
    const photo = await this.repo.photo(photoId);
    if (!photo) throw notFound('workorder.photo_not_found');
    const row = await this.repo.find(photo.workorder_id);
    if (!row || !(await this.scopes.canSee(caller.userId, row.project_id)))
      throw notFound('workorder.photo_not_found');
    if (row.status === 'closed') throw new AppError(409, 'workorder.closed');
    if (photo.author !== caller.username && !actor.dispatcher)
      throw new AppError(403, 'workorder.not_photo_author');
    const deleted = await this.repo.deletePhoto(photoId);
    if (!deleted) throw notFound('workorder.photo_not_found');
    await this.removeFiles([deleted.file, deleted.thumb_file]);
  }

  private async removeFiles(files: ReadonlyArray<string | null>): Promise<void> {
    for (const file of files) await removeUpload(this.files.dataDir, file);
  }

  /**
   * The open order handling each alarm among `alarmIds` (the latest when several do): the app
   * registers this with the alarm module, whose alarms then name their order (`workOrderId`).
   */
  async openOrdersOf(alarmIds: readonly string[]): Promise<Map<string, { id: string; code: string }>> {
    const rows = await this.repo.openOrdersOf(alarmIds);
    return new Map(rows.map((r) => [r.alarm_id, { id: r.id, code: r.code }]));
  }

  /** The order when it belongs to one of the caller's projects; 404 otherwise. */
  private async own(caller: Caller, id: string): Promise<WorkOrderRow> {
    const row = await this.repo.find(id);
    if (!row || !(await this.scopes.canSee(caller.userId, row.project_id)))
      throw notFound('workorder.not_found');
    return row;
  }

  /** The assignee must be one `assignees` could answer: active, seeing the project, working on orders. */
  private async assertAssignee(userId: string, projectId: string): Promise<void> {
    if (
      !(await this.repo.activeUser(userId)) ||
      !(await this.scopes.canSee(userId, projectId)) ||
      !(await this.hasMark(userId, marks.alarm.workorder.edit))
    )
      throw new AppError(400, 'workorder.assignee_not_found');
  }

  /** The distinct alarms among `ids`, all of the project, or 404 naming the first that is not. */
  private async projectAlarms(projectId: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return unique;
    const found = new Set(
      (await (this.alarms?.find(unique) ?? Promise.resolve([])))
        .filter((a) => a.projectId === projectId)
        .map((a) => a.id),
    );
    const missing = unique.find((id) => !found.has(id));
    if (missing) throw new AppError(404, 'workorder.alarm_not_found', { id: missing });
    return unique;
  }

  /** The linked alarms a device still reports (not cleared). */
  private async stillReported(alarmIds: readonly string[]): Promise<string[]> {
    if (alarmIds.length === 0 || !this.alarms) return [];
    return (await this.alarms.find(alarmIds)).filter((a) => !a.cleared).map((a) => a.id);
  }

  private async tellAlarms(row: WorkOrderRow, actor: string): Promise<void> {
    if (row.alarm_ids.length === 0 || !this.alarms) return;
    await this.alarms.recordWorkOrder(
      row.alarm_ids,
      { id: row.id, code: row.code, status: row.status, open: OPEN_STATUSES.includes(row.status) },
      actor,
    );
  }

  private async dto(id: string): Promise<WorkOrderDto> {
    return (await this.toDtos([(await this.repo.find(id))!]))[0]!;
  }

  /** Orders with their projects named in `lang` (what a change answers: the default language). */
  private async toDtos(rows: WorkOrderRow[], lang: Language = DEFAULT_LANGUAGE): Promise<WorkOrderDto[]> {
    const ids = [...new Set(rows.map((r) => r.project_id))];
    const places = ids.length ? await this.projects.places(ids) : [];
    const names = new Map(places.map((p) => [p.id, projectName(p, lang)]));
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      projectId: r.project_id,
      projectName: names.get(r.project_id) ?? null,
      title: r.title,
      description: r.description,
      priority: r.priority,
      status: r.status,
      assigneeId: r.assignee_id,
      assigneeName: r.assignee_name,
      dueAt: isoOrNull(r.due_at),
      overdue: r.overdue,
      createdBy: r.create_by,
      createTime: isoOrNull(r.create_time)!,
      updateTime: isoOrNull(r.update_time),
      alarmIds: r.alarm_ids,
      noteCount: r.note_count,
    }));
  }
}
