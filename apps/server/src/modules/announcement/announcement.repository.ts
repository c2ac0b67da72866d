import type {
  AnnouncementCategory,
  AnnouncementMsgType,
  AnnouncementOpenType,
  AnnouncementPriority,
  AnnouncementSendStatus,
} from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import { activeUserRelation } from '../user';

const TZ = 'Asia/Shanghai';
const fmt = (column: string) => `to_char(${column} at time zone '${TZ}', 'YYYY-MM-DD HH24:MI:SS')`;

export type AnnouncementRow = {
  id: string;
  titile: string;
  msg_content: string | null;
  msg_abstract: string | null;
  start_time: string | null;
  end_time: string | null;
  sender: string | null;
  priority: AnnouncementPriority;
  msg_category: AnnouncementCategory;
  msg_type: AnnouncementMsgType;
  send_status: AnnouncementSendStatus;
  send_time: string | null;
  cancel_time: string | null;
  bus_type: string | null;
  bus_id: string | null;
  open_type: AnnouncementOpenType | null;
  open_page: string | null;
  user_ids: string | null;
  del_flag: number;
  create_by: string | null;
  create_time: string;
  update_by: string | null;
  update_time: string | null;
};

export type SendRow = AnnouncementRow & {
  send_id: string;
  user_id: string;
  read_flag: '0' | '1';
  read_time: string | null;
};

const COLUMNS = `a.id, a.titile, a.msg_content, a.msg_abstract, ${fmt('a.start_time')} as start_time,
  ${fmt('a.end_time')} as end_time, a.sender, a.priority, a.msg_category, a.msg_type, a.send_status,
  ${fmt('a.send_time')} as send_time, ${fmt('a.cancel_time')} as cancel_time, a.bus_type, a.bus_id,
  a.open_type, a.open_page, a.user_ids, a.del_flag, a.create_by, ${fmt('a.create_time')} as create_time,
  a.update_by, ${fmt('a.update_time')} as update_time`;

/** What a user may see: published, not deleted; ALL to everyone, USER through its send rows. */
const PUBLISHED = `a.send_status = '1' and a.del_flag = 0`;

/**
 * ALL notices a user should hold a send row for: published and still running when the user
 * was created (upstream's `end_time >= create_time`; no end time means open-ended).
 */
const BACKFILL_ALL = `insert into sys_announcement_send (annt_id, user_id)
  select a.id, u.id from sys_announcement a join (${activeUserRelation}) u on u.id = $1
   where ${PUBLISHED} and a.msg_type = 'ALL' and coalesce(a.end_time, 'infinity') >= u.create_time
  on conflict (annt_id, user_id) do nothing`;

export type AnnouncementWrite = {
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  startTime: string | null;
  endTime: string | null;
  priority: AnnouncementPriority;
  msgCategory: AnnouncementCategory;
  msgType: AnnouncementMsgType;
  userIds: string[];
  openType: AnnouncementOpenType | null;
  openPage: string | null;
  busType: string | null;
  busId: string | null;
};

export type ListFilter = {
  titile?: string | undefined;
  msgCategory?: string | undefined;
  sendStatus?: string | undefined;
  msgType?: string | undefined;
};

const SORTABLE: Record<string, string> = {
  createTime: 'a.create_time',
  sendTime: 'a.send_time',
  startTime: 'a.start_time',
  endTime: 'a.end_time',
  priority: 'a.priority',
  titile: 'a.titile',
  sendStatus: 'a.send_status',
  msgCategory: 'a.msg_category',
};

/** Wall-clock times without an offset are GMT+8, as the console sends them. */
function toTimestamp(value: string | null): string | null {
  if (!value) return null;
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) return value;
  return `${value.replace(' ', 'T')}+08:00`;
}

/** `*x*` (jeecg) or plain text, as a LIKE pattern with the user's wildcards escaped. */
function containsPattern(text: string): string {
  const core = text.replace(/^\*|\*$/g, '').replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${core}%`;
}

function writeParams(w: AnnouncementWrite): unknown[] {
  return [
    w.titile,
    w.msgContent,
    w.msgAbstract,
    toTimestamp(w.startTime),
    toTimestamp(w.endTime),
    w.priority,
    w.msgCategory,
    w.msgType,
    w.msgType === 'USER' ? w.userIds.map((id) => `${id},`).join('') : null,
    w.openType,
    w.openPage,
    w.busType,
    w.busId,
  ];
}

export class AnnouncementRepository {
  constructor(private readonly db: Queryable) {}

  async list(
    filter: ListFilter,
    sort: { column?: string | undefined; order?: 'asc' | 'desc' | undefined },
    pageNo: number,
    pageSize: number,
  ) {
    const where = ['a.del_flag = 0'];
    const params: unknown[] = [];
    if (filter.titile?.replace(/\*/g, '')) {
      params.push(containsPattern(filter.titile));
      where.push(`a.titile ilike $${params.length}`);
    }
    for (const [value, column] of [
      [filter.msgCategory, 'a.msg_category'],
      [filter.sendStatus, 'a.send_status'],
      [filter.msgType, 'a.msg_type'],
    ] as const) {
      if (value) {
        params.push(value);
        where.push(`${column} = $${params.length}`);
      }
    }
    const orderBy = SORTABLE[sort.column?.replace(/_dictText$/, '') ?? ''] ?? 'a.create_time';
    const direction = sort.order === 'asc' ? 'asc' : 'desc';
    const clause = where.join(' and ');
    const [{ total }] = (await this.db.query<{ total: number }>(
      `select count(*)::int as total from sys_announcement a where ${clause}`,
      params,
    )) as [{ total: number }];
    const rows = await this.db.query<AnnouncementRow>(
      `select ${COLUMNS} from sys_announcement a where ${clause}
        order by ${orderBy} ${direction} nulls last, a.id
        limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
      params,
    );
    return { rows, total };
  }

  async findById(id: string): Promise<AnnouncementRow | undefined> {
    const [row] = await this.db.query<AnnouncementRow>(
      `select ${COLUMNS} from sys_announcement a where a.id = $1 and a.del_flag = 0`,
      [id],
    );
    return row;
  }

  async insert(w: AnnouncementWrite, createBy: string): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into sys_announcement (titile, msg_content, msg_abstract, start_time, end_time, priority,
         msg_category, msg_type, user_ids, open_type, open_page, bus_type, bus_id, create_by, send_status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, '0') returning id`,
      [...writeParams(w), createBy],
    );
    return row!.id;
  }

  /** Changes a draft; false when the row is missing or no longer a draft. */
  async updateDraft(id: string, w: AnnouncementWrite, updateBy: string): Promise<boolean> {
    const rows = await this.db.query(
      `update sys_announcement set titile = $1, msg_content = $2, msg_abstract = $3, start_time = $4,
         end_time = $5, priority = $6, msg_category = $7, msg_type = $8, user_ids = $9, open_type = $10,
         open_page = $11, bus_type = $12, bus_id = $13, update_by = $14, update_time = now()
       where id = $15 and del_flag = 0 and send_status = '0' returning id`,
      [...writeParams(w), updateBy, id],
    );
    return rows.length > 0;
  }

  async softDelete(ids: string[], updateBy: string): Promise<number> {
    const rows = await this.db.query(
      `update sys_announcement set del_flag = 1, update_by = $2, update_time = now()
        where id = any($1::text[]) and del_flag = 0 returning id`,
      [ids, updateBy],
    );
    return rows.length;
  }

  /** Users among `ids` that exist (not deleted). */
  async existingUsers(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.query<{ id: string }>(
      `select id from (${activeUserRelation}) u where u.id = any($1::text[])`,
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Publishes a draft or revoked announcement and creates the send rows of its addressees
   * (run it in a transaction). False when it is missing or already published.
   */
  async release(id: string, sender: string, userIds: string[]): Promise<boolean> {
    const rows = await this.db.query(
      `update sys_announcement set send_status = '1', send_time = now(), cancel_time = null, sender = $2,
         update_time = now()
       where id = $1 and del_flag = 0 and send_status <> '1' returning id`,
      [id, sender],
    );
    if (rows.length === 0) return false;
    if (userIds.length > 0) {
      await this.db.query(
        `insert into sys_announcement_send (annt_id, user_id)
         select $1, u.id from (${activeUserRelation}) u where u.id = any($2::text[])
         on conflict (annt_id, user_id) do nothing`,
        [id, userIds],
      );
    }
    return true;
  }

  async revoke(id: string): Promise<boolean> {
    const rows = await this.db.query(
      `update sys_announcement set send_status = '2', cancel_time = now(), update_time = now()
        where id = $1 and del_flag = 0 and send_status = '1' returning id`,
      [id],
    );
    return rows.length > 0;
  }

  /** Adds the send rows a user lacks for published ALL notices. */
  async backfill(userId: string): Promise<void> {
    await this.db.query(BACKFILL_ALL, [userId]);
  }

  async unread(userId: string, category: AnnouncementCategory, limit: number): Promise<AnnouncementRow[]> {
    return this.db.query<AnnouncementRow>(
      `select ${COLUMNS} from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
        where s.user_id = $1 and s.read_flag = '0' and ${PUBLISHED} and a.msg_category = $2
        order by a.send_time desc, a.id limit ${limit}`,
      [userId, category],
    );
  }

  async unreadCounts(userId: string): Promise<Record<AnnouncementCategory, number>> {
    const rows = await this.db.query<{ msg_category: AnnouncementCategory; n: number }>(
      `select a.msg_category, count(*)::int as n
         from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
        where s.user_id = $1 and s.read_flag = '0' and ${PUBLISHED}
        group by a.msg_category`,
      [userId],
    );
    const counts: Record<AnnouncementCategory, number> = { '1': 0, '2': 0 };
    for (const r of rows) counts[r.msg_category] = r.n;
    return counts;
  }

  /** A published announcement the user received (ALL, or USER addressed to them). */
  async findForRecipient(id: string, userId: string): Promise<AnnouncementRow | undefined> {
    const [row] = await this.db.query<AnnouncementRow>(
      `select ${COLUMNS} from sys_announcement a
        where a.id = $1 and ${PUBLISHED}
          and (a.msg_type = 'ALL'
               or exists (select 1 from sys_announcement_send s where s.annt_id = a.id and s.user_id = $2))`,
      [id, userId],
    );
    return row;
  }

  /** Marks one received announcement read (creating the send row of an ALL notice if needed). */
  async markRead(anntId: string, userId: string): Promise<void> {
    await this.db.query(
      `insert into sys_announcement_send (annt_id, user_id, read_flag, read_time)
       values ($1, $2, '1', now())
       on conflict (annt_id, user_id) do update
         set read_flag = '1', read_time = coalesce(sys_announcement_send.read_time, now())`,
      [anntId, userId],
    );
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db.query(
      `update sys_announcement_send set read_flag = '1', read_time = now()
        where user_id = $1 and read_flag = '0' returning id`,
      [userId],
    );
    return rows.length;
  }

  async received(
    userId: string,
    filter: { titile?: string | undefined; msgCategory?: string | undefined; readFlag?: string | undefined },
    pageNo: number,
    pageSize: number,
  ): Promise<{ rows: SendRow[]; total: number }> {
    const where = ['s.user_id = $1', PUBLISHED];
    const params: unknown[] = [userId];
    if (filter.titile?.replace(/\*/g, '')) {
      params.push(containsPattern(filter.titile));
      where.push(`a.titile ilike $${params.length}`);
    }
    if (filter.msgCategory) {
      params.push(filter.msgCategory);
      where.push(`a.msg_category = $${params.length}`);
    }
    if (filter.readFlag) {
      params.push(filter.readFlag);
      where.push(`s.read_flag = $${params.length}`);
    }
    const from = `from sys_announcement_send s join sys_announcement a on a.id = s.annt_id where ${where.join(' and ')}`;
    const [{ total }] = (await this.db.query<{ total: number }>(
      `select count(*)::int as total ${from}`,
      params,
    )) as [{ total: number }];
    const rows = await this.db.query<SendRow>(
      `select ${COLUMNS}, s.id as send_id, s.user_id, s.read_flag, ${fmt('s.read_time')} as read_time ${from}
        order by a.send_time desc, a.id limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
      params,
    );
    return { rows, total };
  }

  /** Addressees and how many have read: every user the notice reaches for ALL, the listed users for USER. */
  async readStats(row: AnnouncementRow): Promise<{ total: number; read: number }> {
    const [stats] = await this.db.query<{ total: number; read: number }>(
      row.msg_type === 'ALL'
        ? `select
             (select count(*)::int from (${activeUserRelation}) u, sys_announcement a
               where a.id = $1 and coalesce(a.end_time, 'infinity') >= u.create_time) as total,
             (select count(*)::int from sys_announcement_send s join (${activeUserRelation}) u on u.id = s.user_id
               where s.annt_id = $1 and s.read_flag = '1') as read`
        : `select
             (select count(*)::int from (${activeUserRelation}) u where u.id = any($2::text[])) as total,
             (select count(*)::int from sys_announcement_send s join (${activeUserRelation}) u on u.id = s.user_id
               where s.annt_id = $1 and s.read_flag = '1' and u.id = any($2::text[])) as read`,
      row.msg_type === 'ALL' ? [row.id] : [row.id, splitIds(row.user_ids)],
    );
    return stats!;
  }
}

export function splitIds(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
