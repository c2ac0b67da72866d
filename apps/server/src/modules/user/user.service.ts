import {
  type Depart,
  type Language,
  type ListQuery,
  splitIds,
  type UserDepartOption,
  type UserInfo,
  type UserRecord,
} from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import type { ListRules } from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import { Listeners } from '../../lib/listeners';
import type { MessageKey } from '../../lib/messages';
import { hashPassword } from '../../lib/password';
import type { DepartReach, DepartUsers } from '../depart';
import type { DictService } from '../dict';
import type { RoleService } from '../role';
import {
  type AddInput,
  DEPART_ADMIN_IDENTITY,
  type EditInput,
  type UniqueField,
  USER_RESOURCE,
  USER_STATUS,
  type UserConditions,
  type UserRepository,
  type UserRow,
} from './user.repository';

/** What changed about users, for the modules that keep something of them. */
export type UserChange =
  /** Their sessions must end (deleted, frozen, password reset); the session of `keepTokenHash` stays. */
  | { kind: 'signed-out'; userIds: string[]; keepTokenHash?: string }
  /** Their roles, departments or managed departments may have changed. */
  | { kind: 'edited'; userId: string };

/** The fields no two users may share: form field, text of its unique constraint, message when taken. */
const UNIQUE_FIELDS: [UniqueField, string, MessageKey][] = [
  ['username', 'username', 'auth.username_taken'],
  ['phone', 'phone', 'auth.phone_taken'],
  ['email', 'email', 'auth.email_taken'],
  ['workNo', 'work_no', 'system.user.work_no_taken'],
];
const UNIQUE_MESSAGES: UniqueMessages = UNIQUE_FIELDS.map(([, constraint, key]) => [constraint, key]);

/**
 * Users: their accounts as sign-in reads them, and their administration, scoped to the
 * caller's departments unless the caller is an administrator.
 */
export class UserService implements DepartUsers {
  private readonly changed = new Listeners<UserChange>();

  constructor(
    private readonly repo: UserRepository,
    private readonly roles: RoleService,
    private readonly dicts: DictService,
    private readonly dataRules: ListRules,
  ) {}

  /** Calls `listener` when users were signed out or edited (awaited before the change is answered). */
  onChanged(listener: (change: UserChange) => void | Promise<void>): void {
    this.changed.add(listener);
  }

  // ---------------------------------------------------------------- accounts (sign-in)

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.repo.findByUsername(username);
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.repo.findById(id);
  }

  findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.repo.findByPhone(phone);
  }

  departsOf(userId: string): Promise<Depart[]> {
    return this.repo.departsOf(userId);
  }

  setOrgCode(userId: string, orgCode: string | null): Promise<void> {
    return this.repo.setOrgCode(userId, orgCode);
  }

  setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    return this.repo.setPasswordHash(userId, passwordHash);
  }

  /** Creates a self-registered account; a taken username, phone or email is a 409 naming it. */
  async register(user: { username: string; passwordHash: string; phone: string; email: string | null }) {
    await mapUnique(() => this.repo.insertRegistered(user), UNIQUE_MESSAGES);
  }

  // ---------------------------------------------------------------- departments a caller reaches

  /** The departments `caller` may administer (see DepartReach). */
  async reachOf(caller: Caller): Promise<DepartReach> {
    if (caller.username.toLowerCase() === 'admin' || (await this.repo.isAdministrator(caller.userId)))
      return { all: true };
    return { all: false, codes: await this.repo.reachCodes(caller.userId) };
  }

  /** Whether live user `userId` belongs to department `departId`. */
  isMember(userId: string, departId: string): Promise<boolean> {
    return this.repo.isMember(userId, departId);
  }

  /** Whether a live user belongs to department `departId`. */
  hasMembers(departId: string): Promise<boolean> {
    return this.repo.hasMembers(departId);
  }

  /** Follows a department that moved: org codes under `from` now start with `to` (in the caller's transaction). */
  recodeOrgCodes(tx: Queryable, from: string, to: string): Promise<void> {
    return this.repo.recodeOrgCodes(tx, from, to);
  }

  // ---------------------------------------------------------------- administration

  /** Extra condition limiting users to the departments the caller administers (none for administrators). */
  private async scope(caller: Caller): Promise<UserConditions | undefined> {
    const reach = await this.reachOf(caller);
    return reach.all ? undefined : this.repo.inReach(reach);
  }

  private async assertInScope(caller: Caller, userId: string): Promise<void> {
    const scope = await this.scope(caller);
    if (scope && !(await this.repo.meets(userId, scope))) throw new AppError(403, 'system.out_of_scope');
  }

  /** Departments a non-admin caller may hand out: those they administer and those below. */
  private async assertDepartsInScope(caller: Caller, departIds: string[]): Promise<void> {
    if (departIds.length === 0) return;
    const reach = await this.reachOf(caller);
    if (!reach.all && (await this.repo.countWithinReach(departIds, reach)) !== new Set(departIds).size)
      throw new AppError(403, 'system.out_of_scope');
  }

  /** Only administrators may hand out the admin role. */
  private async assertRolesAllowed(caller: Caller, roleIds: string[]): Promise<void> {
    if (roleIds.length === 0 || (await this.repo.isAdministrator(caller.userId))) return;
    if (await this.roles.includesAdmin(roleIds)) throw new AppError(403, 'system.admin_protected');
  }

  private async withDeparts(records: UserRecord[]): Promise<UserRecord[]> {
    if (records.length === 0) return records;
    const { departs, managed } = await this.repo.departLinks(records.map((r) => r.id));
    const byUser = new Map(departs.map((r) => [r.user_id, r]));
    const managedBy = new Map(managed.map((r) => [r.user_id, r.ids]));
    for (const record of records) {
      record.departIds = byUser.get(record.id)?.ids ?? '';
      record.orgCodeTxt = byUser.get(record.id)?.names ?? '';
      record.managedDepartIds = managedBy.get(record.id) ?? '';
    }
    return records;
  }

  /**
   * The rows a caller sees are determined by: the query, the caller's department scope (their
   * departments, or those they administer) and the data rules their roles are granted on the
   * user menu, with the rule variables taken from the caller's own user row.
   */
  async list(caller: Caller, query: ListQuery, lang: Language) {
    const page = await this.repo.list.page(query, await this.listOptions(caller, lang));
    await this.withDeparts(page.records);
    return page;
  }

  async exportRows(caller: Caller, query: ListQuery, lang: Language) {
    return this.repo.list.rows(query, await this.listOptions(caller, lang));
  }

  private async listOptions(caller: Caller, lang: Language) {
    return {
      extraWhere: await this.scope(caller),
      dicts: await this.dicts.catalogue(lang),
      dataRules: await this.dataRules.forCaller(caller, USER_RESOURCE),
    };
  }

  async get(caller: Caller, id: string, lang: Language): Promise<UserRecord> {
    const record = await this.repo.list.byId(id, { dicts: await this.dicts.catalogue(lang) });
    if (!record) throw notFound();
    await this.assertInScope(caller, id);
    await this.withDeparts([record]);
    return record;
  }

  async byDepart(caller: Caller, departId: string): Promise<UserRecord[]> {
    const scope = await this.scope(caller);
    const ofDepart = this.repo.ofDepart(departId);
    const page = await this.repo.list.page(
      { pageNo: 1, pageSize: 1000, column: 'username', order: 'asc' },
      { extraWhere: (p) => [...ofDepart(p), ...(scope ? scope(p) : [])] },
    );
    return page.records;
  }

  /** Checks uniqueness of the fields a form has filled, naming the first taken one. */
  private async assertUnique(
    input: Partial<Record<UniqueField, string | null | undefined>>,
    exceptId = '',
  ): Promise<void> {
    for (const [field, , key] of UNIQUE_FIELDS) {
      const value = input[field];
      if (value && (await this.repo.isTaken(field, value, exceptId))) throw new AppError(409, key);
    }
  }

  async add(caller: Caller, input: AddInput): Promise<{ id: string }> {
    const roleIds = splitIds(input.selectedroles);
    const departIds = splitIds(input.selecteddeparts);
    const managedIds = this.managedOf(input.userIdentity ?? 1, input.managedDepartIds);
    await this.assertRolesAllowed(caller, roleIds);
    await this.assertDepartsInScope(caller, [...departIds, ...(managedIds ?? [])]);
    await this.assertUnique(input);
    const passwordHash = await hashPassword(input.password);
    const id = await mapUnique(
      () => this.repo.insert(input, passwordHash, caller.username, { roleIds, departIds, managedIds }),
      UNIQUE_MESSAGES,
    );
    return { id };
  }

  /**
   * The departments a user manages: required for a department administrator (identity 2),
   * none for an ordinary member; undefined when the request leaves them unchanged.
   */
  private managedOf(identity: number | undefined, managed: string | null | undefined): string[] | undefined {
    if (identity === undefined)
      return managed === undefined || managed === null ? undefined : splitIds(managed);
    if (identity !== DEPART_ADMIN_IDENTITY) return [];
    const ids = splitIds(managed);
    if (ids.length === 0) throw new AppError(400, 'system.user.managed_departs_required');
    return ids;
  }

  /** Refuses operations on administrator accounts by anyone but an administrator (`allowAdminCaller`). */
  private async assertNotProtected(
    caller: Caller,
    userIds: string[],
    allowAdminCaller: boolean,
  ): Promise<void> {
    const callerAdmin = await this.repo.isAdministrator(caller.userId);
    for (const id of userIds) {
      if (!(await this.repo.isAdministrator(id))) continue;
      if (allowAdminCaller && callerAdmin) continue;
      throw new AppError(403, 'system.admin_protected');
    }
  }

  async edit(caller: Caller, input: EditInput): Promise<void> {
    if (!(await this.repo.exists(input.id))) throw notFound();
    await this.assertNotProtected(caller, [input.id], true);
    await this.assertInScope(caller, input.id);
    const roleIds =
      input.selectedroles === undefined || input.selectedroles === null
        ? undefined
        : splitIds(input.selectedroles);
    const departIds =
      input.selecteddeparts === undefined || input.selecteddeparts === null
        ? undefined
        : splitIds(input.selecteddeparts);
    const managedIds = this.managedOf(input.userIdentity, input.managedDepartIds);
    if (roleIds) await this.assertRolesAllowed(caller, roleIds);
    await this.assertDepartsInScope(caller, [...(departIds ?? []), ...(managedIds ?? [])]);
    await this.assertUnique({ ...input, username: undefined }, input.id);
    await mapUnique(
      () => this.repo.update(input, caller.username, { roleIds, departIds, managedIds }),
      UNIQUE_MESSAGES,
    );
    await this.changed.emit({ kind: 'edited', userId: input.id });
  }

  async delete(caller: Caller, ids: string[]): Promise<void> {
    await this.assertNotProtected(caller, ids, false);
    for (const id of ids) await this.assertInScope(caller, id);
    await this.repo.softDelete(ids, caller.username);
    await this.changed.emit({ kind: 'signed-out', userIds: ids });
  }

  async setStatus(caller: Caller, ids: string[], status: number): Promise<void> {
    await this.assertNotProtected(caller, ids, false);
    for (const id of ids) await this.assertInScope(caller, id);
    await this.repo.setStatus(ids, status, caller.username);
    if (status === USER_STATUS.frozen) await this.changed.emit({ kind: 'signed-out', userIds: ids });
  }

  async resetPassword(caller: Caller, username: string, password: string): Promise<void> {
    const targetId = await this.repo.idByUsername(username);
    if (!targetId) throw notFound();
    const self = targetId === caller.userId;
    if (!self) {
      await this.assertNotProtected(caller, [targetId], false);
      await this.assertInScope(caller, targetId);
    }
    await this.repo.setPasswordHash(targetId, await hashPassword(password));
    await this.changed.emit({
      kind: 'signed-out',
      userIds: [targetId],
      ...(self ? { keepTokenHash: caller.tokenHash } : {}),
    });
  }

  async roleIds(caller: Caller, userId: string): Promise<string[]> {
    await this.assertInScope(caller, userId);
    return this.repo.roleIds(userId);
  }

  /** The departments of a user as Jeecg's user form reads them ({key: id, title: name}). */
  async departOptions(caller: Caller, userId: string): Promise<UserDepartOption[]> {
    if (!(await this.repo.exists(userId))) throw notFound();
    await this.assertInScope(caller, userId);
    return this.repo.departOptions(userId);
  }

  /** A page of the holders of role `roleId` among the users the caller reaches, filtered as the user list. */
  async roleMembers(caller: Caller, roleId: string, query: ListQuery, lang: Language) {
    return this.pageWhere(caller, this.repo.ofRole(roleId), query, lang);
  }

  /**
   * A page of the users of department `departId` and the departments below it, among those the
   * caller reaches; without a department, every user the caller reaches.
   */
  async departMembers(caller: Caller, departId: string | undefined, query: ListQuery, lang: Language) {
    return this.pageWhere(caller, departId ? this.repo.underDepart(departId) : undefined, query, lang);
  }

  private async pageWhere(
    caller: Caller,
    where: UserConditions | undefined,
    query: ListQuery,
    lang: Language,
  ) {
    const options = await this.listOptions(caller, lang);
    const scope = options.extraWhere;
    const page = await this.repo.list.page(query, {
      ...options,
      extraWhere: (p) => [...(where ? where(p) : []), ...(scope ? scope(p) : [])],
    });
    await this.withDeparts(page.records);
    return page;
  }

  /** Gives role `roleId` to users; as in the user form, only administrators hand out the admin role. */
  async addRoleMembers(caller: Caller, roleId: string, userIds: string[]): Promise<void> {
    await this.roles.codeOf(roleId);
    await this.assertRolesAllowed(caller, [roleId]);
    for (const id of userIds) await this.assertInScope(caller, id);
    await this.repo.addRoleMembers(roleId, userIds);
    for (const userId of userIds) await this.changed.emit({ kind: 'edited', userId });
  }

  /**
   * Takes role `roleId` from users. Only administrators touch the admin role, and nobody takes
   * it from an administrator account through this door (the user form is the place for that).
   */
  async removeRoleMembers(caller: Caller, roleId: string, userIds: string[]): Promise<void> {
    await this.roles.codeOf(roleId);
    await this.assertRolesAllowed(caller, [roleId]);
    if (await this.roles.includesAdmin([roleId])) await this.assertNotProtected(caller, userIds, false);
    for (const id of userIds) await this.assertInScope(caller, id);
    await this.repo.removeRoleMembers(roleId, userIds);
    for (const userId of userIds) await this.changed.emit({ kind: 'edited', userId });
  }

  /**
   * Adds users to, or takes them out of, live department `departId`; as in the user form, a
   * non-administrator handles only departments and users within their reach.
   */
  async changeDepartMembers(
    caller: Caller,
    departId: string,
    userIds: string[],
    add: boolean,
  ): Promise<void> {
    if ((await this.repo.countWithinReach([departId], { all: true })) !== 1) throw notFound();
    await this.assertDepartsInScope(caller, [departId]);
    for (const id of userIds) await this.assertInScope(caller, id);
    if (add) await this.repo.addDepartMembers(departId, userIds);
    else await this.repo.removeDepartMembers(departId, userIds);
    for (const userId of userIds) await this.changed.emit({ kind: 'edited', userId });
  }

  /** Refuses (409) when one of the given fields is taken by another user. */
  async assertFree(input: Partial<Record<UniqueField | 'id', string | undefined>>): Promise<void> {
    await this.assertUnique(input, input.id);
  }
}

/** The signed-in user as the console keeps it. */
export function toUserInfo(row: UserRow, departs: Depart[], platformTitle: string): UserInfo {
  return {
    id: row.id,
    username: row.username,
    realname: row.realname,
    avatar: row.avatar,
    birthday: row.birthday,
    sex: row.sex,
    email: row.email,
    phone: row.phone,
    orgCode: row.org_code,
    status: row.status,
    delFlag: row.del_flag,
    workNo: row.work_no,
    post: row.post,
    telephone: row.telephone,
    departIds: departs.map((d) => d.id).join(',') || null,
    userType: row.user_type,
    nickname: row.nickname,
    platFormTitleCn: platformTitle,
  };
}
