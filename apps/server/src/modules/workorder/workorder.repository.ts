import type {
  WorkOrderNoteDto,
  WorkOrderPhotoDto,
  WorkOrderPriority,
  WorkOrderStatus,
} from '@ics/contract/server';
import type { Database, Queryable } from '../../db/database';
import { containing, isoOrNull, pageRows, type ScopeFilter, sortOrder, Where } from '../../http/sql-where';
import { activeUserRelation, USER_STATUS } from '../user';

/** Statuses after which a work order is no longer late: the work is done. */
export const FINISHED_STATUSES: readonly WorkOrderStatus[] = ['done', 'verified', 'closed'];
/** Statuses of work orders still being handled (the `open` filter). */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = [
  'new',
  'assigned',
  'in_progress',
  'done',
  'rejected',
];

export type WorkOrderRow = {
  id: string;
  code: string;
  project_id: string;
  title: string;
  description: string | null;
  priority: WorkOrderPriority;
  status: WorkOrderStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  due_at: Date | string | null;
  overdue: boolean;
  create_by: string;
  create_time: Date | string;
  update_time: Date | string | null;
  alarm_ids: string[];
  note_count: number;
};

/** A stored photo: its file, its thumbnail's and its size in pixels. */
export type StoredPhoto = { file: string; thumbFile: string; width: number; height: number };

export type PhotoRow = {
  id: string;
  file: string;
  thumb_file: string | null;
  workorder_id: string;
  author: string;
};

export type WorkOrderFilter = {
  projectId?: string | undefined;
  status?: WorkOrderStatus | 'open' | undefined;
  priority?: WorkOrderPriority | undefined;
  assigneeId?: string | undefined;
  overdue?: boolean | undefined;
  alarmId?: string | undefined;
  keyword?: string | undefined;
};

export type WorkOrderInsert = {
  projectId: string;
  code: string;
  title: string;
  description: string | null;
  priority: WorkOrderPriority;
  status: WorkOrderStatus;
  assigneeId: string | null;
  dueAt: string | null;
  createdBy: string;
  alarmIds: readonly string[];
};

const SELECT = `select w.id, w.code, w.project_id, w.title, w.description, w.priority, w.status,
  w.assignee_id, coalesce(nullif(u.realname, ''), u.username) as assignee_name, w.due_at,
  (w.due_at is not null and w.due_at < now() and w.status <> all(array['done', 'verified', 'closed'])) as overdue,
  w.create_by, w.create_time, w.update_time,
  coalesce((select array_agg(a.alarm_id order by a.alarm_id) from alarm_workorder_alarm a
             where a.workorder_id = w.id), '{}') as alarm_ids,
  (select count(*) from alarm_workorder_note n where n.workorder_id = w.id)::int as note_count
  from alarm_workorder w left join (${activeUserRelation}) u on u.id = w.assignee_id`;

const SORTABLE: Record<string, string> = {
  createTime: 'w.create_time',
  dueAt: 'w.due_at',
  priority: `array_position(array['low', 'normal', 'high', 'urgent'], w.priority)`,
  status: 'w.status',
  code: 'w.code',
};

/** All the SQL of work orders, their alarms, notes and photos. */
export class WorkOrderRepository {
  constructor(private readonly db: Queryable) {}

  /** Whether a user exists and may sign in (a work order cannot go to a frozen or deleted user). */
  async activeUser(userId: string): Promise<boolean> {
    const rows = await this.db.query(
      `select 1 from (${activeUserRelation}) u where u.id = $1 and u.status = $2`,
      [userId, USER_STATUS.normal],
    );
    return rows.length === 1;
  }

  /**
   * The users among `ids` who may sign in, whose username or real name contains `keyword`,
   * by username: the people an order may go to, before their marks are checked.
   */
  async activeUsersAmong(
    ids: readonly string[],
    keyword: string | undefined,
  ): Promise<Array<{ id: string; username: string; realname: string | null }>> {
    if (ids.length === 0) return [];
    const w = new Where().add('u.id = any(?::text[])', ids).add('u.status = ?', USER_STATUS.normal);
    if (keyword) {
      const pattern = containing(keyword);
      w.add('(u.username ilike ? or u.realname ilike ?)', pattern, pattern);
    }
    return this.db.query(
      `select u.id, u.username, nullif(u.realname, '') as realname from (${activeUserRelation}) u ${w.sql}
        order by lower(u.username), u.id`,
      w.params,
    );
  }

  async find(id: string): Promise<WorkOrderRow | undefined> {
    const [row] = await this.db.query<WorkOrderRow>(`${SELECT} where w.id = $1`, [id]);
    return row;
  }

  async list(
    scope: ScopeFilter,
    filter: WorkOrderFilter,
    page: { pageNo: number; pageSize: number; column?: string | undefined; order?: string | undefined },
  ): Promise<{ rows: WorkOrderRow[]; total: number }> {
    const w = new Where().scope(scope, 'w.project_id');
    if (filter.projectId) w.add('w.project_id = ?', filter.projectId);
    if (filter.status === 'open') w.add('w.status = any(?::text[])', OPEN_STATUSES);
    else if (filter.status) w.add('w.status = ?', filter.status);
    if (filter.priority) w.add('w.priority = ?', filter.priority);
    if (filter.assigneeId) w.add('w.assignee_id = ?', filter.assigneeId);
    if (filter.overdue) w.add('w.due_at < now() and w.status <> all(?::text[])', FINISHED_STATUSES);
    if (filter.alarmId)
      w.add(
        'exists (select 1 from alarm_workorder_alarm a where a.workorder_id = w.id and a.alarm_id = ?)',
        filter.alarmId,
      );
    if (filter.keyword) {
      const pattern = containing(filter.keyword);
      w.add('(w.title ilike ? or w.code ilike ?)', pattern, pattern);
    }
    const order = sortOrder(page.column, page.order, SORTABLE, 'w.create_time desc');
    return pageRows<WorkOrderRow>(this.db, w, page, SELECT, 'from alarm_workorder w', `${order}, w.id`);
  }

  /** The latest open order of each alarm among `alarmIds` that is in one. */
  async openOrdersOf(
    alarmIds: readonly string[],
  ): Promise<Array<{ alarm_id: string; id: string; code: string }>> {
    if (alarmIds.length === 0) return [];
    return this.db.query(
      `select distinct on (a.alarm_id) a.alarm_id, w.id, w.code
         from alarm_workorder_alarm a join alarm_workorder w on w.id = a.workorder_id
        where a.alarm_id = any($1::text[]) and w.status = any($2::text[])
        order by a.alarm_id, w.create_time desc, w.id desc`,
      [alarmIds, OPEN_STATUSES],
    );
  }

  /** The next number of a day (`yyyymmdd`), counted once even when two nodes add at the same time. */
  async nextNumber(day: string): Promise<number> {
    const [row] = await this.db.query<{ last: number }>(
      `insert into alarm_workorder_day (day, last) values ($1, 1)
       on conflict (day) do update set last = alarm_workorder_day.last + 1 returning last`,
      [day],
    );
    return row!.last;
  }

  async insert(w: WorkOrderInsert): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into alarm_workorder (code, project_id, title, description, priority, status, assignee_id,
         due_at, create_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [w.code, w.projectId, w.title, w.description, w.priority, w.status, w.assigneeId, w.dueAt, w.createdBy],
    );
    const id = row!.id;
    if (w.alarmIds.length > 0)
      await this.db.query(
        `insert into alarm_workorder_alarm (workorder_id, alarm_id)
         select $1, unnest($2::text[]) on conflict do nothing`,
        [id, [...new Set(w.alarmIds)]],
      );
    return id;
  }

  async update(
    id: string,
    w: { title: string; description: string | null; priority: WorkOrderPriority; dueAt: string | null },
  ): Promise<void> {
    await this.db.query(
      `update alarm_workorder set title = $2, description = $3, priority = $4, due_at = $5,
         update_time = now() where id = $1`,
      [id, w.title, w.description, w.priority, w.dueAt],
    );
  }

  /**
   * Moves a work order from one of `from` to `to` (and sets its assignee when given); false
   * when it had left those statuses meanwhile, so two people cannot move it twice.
   */
  async move(
    id: string,
    from: readonly WorkOrderStatus[],
    to: WorkOrderStatus,
    assigneeId?: string,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `update alarm_workorder set status = $3, assignee_id = coalesce($4, assignee_id), update_time = now()
        where id = $1 and status = any($2::text[]) returning id`,
      [id, from, to, assigneeId ?? null],
    );
    return rows.length === 1;
  }

  async addNote(
    workOrderId: string,
    note: { author: string; text: string; status: WorkOrderStatus | null },
    photos: readonly StoredPhoto[] = [],
  ): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into alarm_workorder_note (workorder_id, author, text, status) values ($1, $2, $3, $4) returning id`,
      [workOrderId, note.author, note.text, note.status],
    );
    const id = row!.id;
    for (const [i, p] of photos.entries())
      await this.db.query(
        `insert into alarm_workorder_photo (note_id, file, thumb_file, width, height, sort_no)
         values ($1, $2, $3, $4, $5, $6)`,
        [id, p.file, p.thumbFile, p.width, p.height, i],
      );
    return id;
  }

  /** A photo with its order and the author of its note. */
  async photo(id: string): Promise<PhotoRow | undefined> {
    const [row] = await this.db.query<PhotoRow>(
      `select p.id, p.file, p.thumb_file, n.workorder_id, n.author from alarm_workorder_photo p
         join alarm_workorder_note n on n.id = p.note_id where p.id = $1`,
      [id],
    );
    return row;
  }

  /** Deletes a photo's row and answers its files; undefined when another request deleted it first. */
  async deletePhoto(id: string): Promise<{ file: string; thumb_file: string | null } | undefined> {
    const [row] = await this.db.query<{ file: string; thumb_file: string | null }>(
      'delete from alarm_workorder_photo where id = $1 returning file, thumb_file',
      [id],
    );
    return row;
  }

  /** The notes of a work order, oldest first, with their photos (`url` builds their address). */
  async notes(workOrderId: string, url: (file: string) => string): Promise<WorkOrderNoteDto[]> {
    const [notes, photos] = await Promise.all([
      this.db.query<{
        id: string;
        at: Date | string;
        author: string;
        text: string;
        status: WorkOrderStatus | null;
      }>(
        `select id, at, author, text, status from alarm_workorder_note where workorder_id = $1 order by at, id`,
        [workOrderId],
      ),
      this.db.query<{
        id: string;
        note_id: string;
        file: string;
        thumb_file: string | null;
        width: number;
        height: number;
      }>(
        `select p.id, p.note_id, p.file, p.thumb_file, p.width, p.height from alarm_workorder_photo p
           join alarm_workorder_note n on n.id = p.note_id where n.workorder_id = $1 order by p.sort_no`,
        [workOrderId],
      ),
    ]);
    const byNote = new Map<string, WorkOrderPhotoDto[]>();
    for (const p of photos) {
      const list = byNote.get(p.note_id) ?? [];
      // Photos stored before thumbnails were made are their own thumbnail.
      list.push({
        id: p.id,
        url: url(p.file),
        thumbnailUrl: url(p.thumb_file ?? p.file),
        width: p.width,
        height: p.height,
      });
      byNote.set(p.note_id, list);
    }
    return notes.map((n) => ({
      id: n.id,
      at: isoOrNull(n.at)!,
      author: n.author,
      text: n.text,
      status: n.status,
      photos: byNote.get(n.id) ?? [],
    }));
  }

  async findNote(id: string, url: (file: string) => string, workOrderId: string): Promise<WorkOrderNoteDto> {
    return (await this.notes(workOrderId, url)).find((n) => n.id === id)!;
  }
}

/** Runs `work` in a transaction with a repository over it. */
export function inTransaction<T>(db: Database, work: (repo: WorkOrderRepository) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(new WorkOrderRepository(tx)));
}
