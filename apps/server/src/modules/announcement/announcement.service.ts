import type {
  Announcement,
  AnnouncementCategory,
  AnnouncementPushMessage,
  AnnouncementReadStats,
  AnnouncementSendRecord,
  Language,
  Page,
  UserAnnouncements,
} from '@ics/contract/server';
import { toPage } from '@ics/contract/server';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/routes';
import { AppError } from '../../lib/errors';
import type { I18nService } from '../i18n';
import type { Realtime } from '../realtime';
import type { UserService } from '../user';
import {
  AnnouncementRepository,
  type AnnouncementRow,
  type AnnouncementWrite,
  type ListFilter,
  type SendRow,
  splitIds,
} from './announcement.repository';
import { sanitizeRichText } from './sanitize';

/** How many unread items of each category the header bell lists. */
export const BELL_LIST_SIZE = 5;
/** At most this many announcements go into one export. */
export const EXPORT_MAX_ROWS = 50_000;

type Translate = (key: string, fallback?: string) => string;

/** What an announcement and a user's copy of it both show of the message. */
const message = (r: AnnouncementRow | SendRow, t: Translate) => ({
  titile: r.titile,
  msgContent: r.msg_content,
  msgAbstract: r.msg_abstract,
  sender: r.sender,
  priority: r.priority,
  priority_dictText: t(`dict.priority.${r.priority}`, r.priority),
  msgCategory: r.msg_category,
  msgCategory_dictText: t(`dict.msg_category.${r.msg_category}`, r.msg_category),
});

/** Where a message leads: the business record it is about and the page that opens it. */
const link = (r: AnnouncementRow | SendRow) => ({
  busType: r.bus_type,
  busId: r.bus_id,
  openType: r.open_type,
  openPage: r.open_page,
});

function toAnnouncement(r: AnnouncementRow, t: Translate): Announcement {
  return {
    id: r.id,
    ...message(r, t),
    startTime: r.start_time,
    endTime: r.end_time,
    msgType: r.msg_type,
    sendStatus: r.send_status,
    sendStatus_dictText: t(`dict.send_status.${r.send_status}`, r.send_status),
    sendTime: r.send_time,
    cancelTime: r.cancel_time,
    ...link(r),
    userIds: r.user_ids,
    delFlag: r.del_flag,
    createBy: r.create_by,
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
  };
}

/** A user's copy of an announcement: its own id, the announcement's, and whether it was read. */
const toSendRecord = (r: SendRow, t: Translate): AnnouncementSendRecord => ({
  id: r.send_id,
  anntId: r.id,
  userId: r.user_id,
  ...message(r, t),
  sendTime: r.send_time,
  readFlag: r.read_flag,
  readTime: r.read_time,
  ...link(r),
});

/**
 * Announcements and system messages: drafts edited by administrators, published to everyone
 * (ALL) or to listed users (USER), pushed over the console WebSocket, read per user.
 */
export class AnnouncementService {
  private readonly repo: AnnouncementRepository;

  constructor(
    private readonly db: Database,
    private readonly i18n: I18nService,
    private readonly realtime: Realtime,
    private readonly users: UserService,
  ) {
    this.repo = new AnnouncementRepository(db);
  }

  async list(
    filter: ListFilter,
    sort: { column?: string | undefined; order?: 'asc' | 'desc' | undefined },
    pageNo: number,
    pageSize: number,
    lang: Language,
  ): Promise<Page<Announcement>> {
    return this.page(this.repo.list(filter, sort, pageNo, pageSize), toAnnouncement, pageNo, pageSize, lang);
  }

  /** Every announcement the list's filters match, in the list's order (for the export). */
  async exportRows(
    filter: ListFilter,
    sort: { column?: string | undefined; order?: 'asc' | 'desc' | undefined },
    lang: Language,
  ): Promise<Announcement[]> {
    return (await this.list(filter, sort, 1, EXPORT_MAX_ROWS, lang)).records;
  }

  async get(id: string, lang: Language): Promise<Announcement> {
    const row = await this.repo.findById(id);
    if (!row) throw new AppError(404, 'announcement.not_found');
    return toAnnouncement(row, await this.i18n.translator(lang));
  }

  /** A published announcement the user received; anything else is "not found". */
  async getForRecipient(id: string, userId: string, lang: Language): Promise<Announcement> {
    const row = await this.repo.findForRecipient(id, userId);
    if (!row) throw new AppError(404, 'announcement.not_found');
    return toAnnouncement(row, await this.i18n.translator(lang));
  }

  async add(input: AnnouncementWrite, caller: Caller, lang: Language): Promise<Announcement> {
    const id = await this.repo.insert(await this.prepare(input), caller.username);
    return this.get(id, lang);
  }

  async edit(id: string, input: AnnouncementWrite, caller: Caller, lang: Language): Promise<Announcement> {
    const existing = await this.repo.findById(id);
    if (!existing) throw new AppError(404, 'announcement.not_found');
    if (existing.send_status !== '0') throw new AppError(400, 'announcement.not_draft');
    if (!(await this.repo.updateDraft(id, await this.prepare(input), caller.username)))
      throw new AppError(400, 'announcement.not_draft');
    return this.get(id, lang);
  }

  async remove(ids: string[], caller: Caller): Promise<void> {
    const deleted = await this.repo.softDelete(ids, caller.username);
    if (deleted === 0) throw new AppError(404, 'announcement.not_found');
  }

  /**
   * Publishes and pushes `{cmd:'topic'}` to everyone (ALL) or `{cmd:'user'}` to each addressee.
   * The push is best effort: the notice is published either way and the console reloads its
   * list on the next open; a push failure is returned for the caller to log.
   */
  async release(
    id: string,
    caller: Caller,
    lang: Language,
  ): Promise<{ announcement: Announcement; pushError?: unknown }> {
    const existing = await this.repo.findById(id);
    if (!existing) throw new AppError(404, 'announcement.not_found');
    if (existing.send_status === '1') throw new AppError(400, 'announcement.already_published');
    const user = await this.users.findById(caller.userId);
    const sender = user?.realname || caller.username;
    const addressees = existing.msg_type === 'USER' ? splitIds(existing.user_ids) : [];
    const released = await this.db.transaction((tx) =>
      new AnnouncementRepository(tx).release(id, sender, addressees),
    );
    if (!released) throw new AppError(400, 'announcement.already_published');
    const announcement = await this.get(id, lang);
    try {
      if (existing.msg_type === 'ALL') {
        await this.realtime.broadcast(pushMessage('topic', announcement));
      } else {
        await this.realtime.sendToUsers(addressees, pushMessage('user', announcement));
      }
      return { announcement };
    } catch (pushError) {
      return { announcement, pushError };
    }
  }

  /**
   * Makes the bells of announcement `id`'s audience reload (everyone for ALL, the addressees for
   * USER), as after a revocation; the push is best effort like that of `release`.
   */
  async syncAudience(id: string, lang: Language): Promise<{ pushError?: unknown }> {
    const existing = await this.repo.findById(id);
    if (!existing) throw new AppError(404, 'announcement.not_found');
    const announcement = await this.get(id, lang);
    try {
      if (existing.msg_type === 'ALL') await this.realtime.broadcast(pushMessage('topic', announcement));
      else await this.realtime.sendToUsers(splitIds(existing.user_ids), pushMessage('user', announcement));
      return {};
    } catch (pushError) {
      return { pushError };
    }
  }

  /** Makes the caller's own bells (every console they have open) reload. */
  async syncOwn(userId: string, anntId: string | undefined): Promise<{ pushError?: unknown }> {
    try {
      await this.realtime.sendToUsers([userId], { cmd: 'user', msgId: anntId ?? '', msgTxt: '' });
      return {};
    } catch (pushError) {
      return { pushError };
    }
  }

  async revoke(id: string, lang: Language): Promise<Announcement> {
    const existing = await this.repo.findById(id);
    if (!existing) throw new AppError(404, 'announcement.not_found');
    if (!(await this.repo.revoke(id))) throw new AppError(400, 'announcement.not_published');
    return this.get(id, lang);
  }

  async readStats(id: string): Promise<AnnouncementReadStats> {
    const row = await this.repo.findById(id);
    if (!row) throw new AppError(404, 'announcement.not_found');
    const { total, read } = await this.repo.readStats(row);
    return { total, read, unread: Math.max(0, total - read) };
  }

  /** The header bell: ALL notices the user lacks get their send rows first (as upstream). */
  async listByUser(userId: string, lang: Language): Promise<UserAnnouncements> {
    await this.repo.backfill(userId);
    const category = (c: AnnouncementCategory) => this.repo.unread(userId, c, BELL_LIST_SIZE);
    const [annt, sys, counts, t] = await Promise.all([
      category('1'),
      category('2'),
      this.repo.unreadCounts(userId),
      this.i18n.translator(lang),
    ]);
    return {
      anntMsgList: annt.map((r) => toAnnouncement(r, t)),
      anntMsgTotal: counts['1'],
      sysMsgList: sys.map((r) => toAnnouncement(r, t)),
      sysMsgTotal: counts['2'],
    };
  }

  async markRead(anntId: string, userId: string): Promise<void> {
    if (!(await this.repo.findForRecipient(anntId, userId)))
      throw new AppError(404, 'announcement.not_found');
    await this.repo.markRead(anntId, userId);
  }

  async markAllRead(userId: string): Promise<void> {
    await this.repo.backfill(userId);
    await this.repo.markAllRead(userId);
  }

  async received(
    userId: string,
    filter: { titile?: string | undefined; msgCategory?: string | undefined; readFlag?: string | undefined },
    pageNo: number,
    pageSize: number,
    lang: Language,
  ): Promise<Page<AnnouncementSendRecord>> {
    await this.repo.backfill(userId);
    const rows = this.repo.received(userId, filter, pageNo, pageSize);
    return this.page(rows, toSendRecord, pageNo, pageSize, lang);
  }

  /** A page of rows read alongside the caller's translator, each row in the caller's language. */
  private async page<R, T>(
    read: Promise<{ rows: R[]; total: number }>,
    convert: (row: R, t: Translate) => T,
    pageNo: number,
    pageSize: number,
    lang: Language,
  ): Promise<Page<T>> {
    const [{ rows, total }, t] = await Promise.all([read, this.i18n.translator(lang)]);
    return toPage(
      rows.map((r) => convert(r, t)),
      total,
      pageNo,
      pageSize,
    );
  }

  /** Sanitises the HTML and checks that every addressee exists. */
  private async prepare(input: AnnouncementWrite): Promise<AnnouncementWrite> {
    const userIds = input.msgType === 'USER' ? input.userIds : [];
    const known = await this.repo.existingUsers(userIds);
    const unknown = userIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new AppError(400, 'announcement.unknown_users', { ids: unknown.slice(0, 5).join(', ') });
    return { ...input, userIds, msgContent: sanitizeRichText(input.msgContent) };
  }
}

function pushMessage(cmd: 'topic' | 'user', a: Announcement): AnnouncementPushMessage {
  return { cmd, msgId: a.id, msgTxt: a.titile };
}
