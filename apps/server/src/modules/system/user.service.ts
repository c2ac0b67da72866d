import type { Language } from '@ics/contract';
import {
  type ListQuery,
  splitIds,
  type UserRecord,
  type userAddSchema,
  type userEditSchema,
} from '@ics/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import {
  formatTime,
  type ListResource,
  type ListRules,
  listAll,
  listPage,
  SqlParams,
} from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import type { DictService } from '../dict';
import { assertDepartsInReach, DEPART_ADMIN_IDENTITY, departReach, withinReach } from './depart-scope';
import type { PermissionService } from './permission.service';
import { isAdminUser } from './system.shared';

type SessionRevoker = { revokeUser(userId: string, keepTokenHash?: string): Promise<void> };

export const USER_RESOURCE: ListResource = {
  from: 'sys_user u',
  ruleMenu: '/system/user',
  baseWhere: ['u.del_flag = 0'],
  defaultSort: { field: 'createTime', order: 'desc' },
  tiebreak: 'u.id',
  columns: {
    id: { column: 'u.id' },
    username: { column: 'u.username', filter: 'text', sortable: true, title: ['账号', 'Username'] },
    realname: { column: 'u.realname', filter: 'text', sortable: true, title: ['姓名', 'Name'] },
    avatar: { column: 'u.avatar' },
    birthday: {
      column: 'u.birthday',
      select: "to_char(u.birthday, 'YYYY-MM-DD')",
      filter: 'date',
      sortable: true,
    },
    sex: { column: 'u.sex', filter: 'number', sortable: true, dict: 'sex', title: ['性别', 'Sex'] },
    email: { column: 'u.email', filter: 'text', sortable: true, title: ['邮箱', 'Email'] },
    phone: { column: 'u.phone', filter: 'text', sortable: true, title: ['手机号', 'Phone'] },
    orgCode: { column: 'u.org_code', filter: 'text' },
    status: {
      column: 'u.status',
      filter: 'number',
      sortable: true,
      dict: 'user_status',
      title: ['状态', 'Status'],
    },
    delFlag: { column: 'u.del_flag' },
    workNo: { column: 'u.work_no', filter: 'text', sortable: true, title: ['工号', 'Work number'] },
    post: { column: 'u.post', filter: 'text' },
    telephone: { column: 'u.telephone', filter: 'text' },
    userType: { column: 'u.user_type', filter: 'text', dict: 'user_type' },
    userIdentity: { column: 'u.user_identity', filter: 'number' },
    createTime: {
      column: 'u.create_time',
      select: formatTime('u.create_time'),
      filter: 'date',
      sortable: true,
      title: ['创建时间', 'Created'],
    },
  },
};

const UNIQUE_MESSAGES: UniqueMessages = [
  ['username', 'auth.username_taken'],
  ['phone', 'auth.phone_taken'],
  ['email', 'auth.email_taken'],
  ['work_no', 'system.user.work_no_taken'],
];

type AddInput = z.output<typeof userAddSchema>;
type EditInput = z.output<typeof userEditSchema>;

/** Users as administrators manage them: scoped to the caller's departments unless the caller is an administrator. */
export class UserService {
  constructor(
    private readonly db: Database,
    private readonly permissions: PermissionService,
    private readonly sessions: SessionRevoker,
    private readonly dicts: DictService,
    private readonly dataRules: ListRules,
  ) {}

  /** Extra condition limiting users to the departments the caller administers (none for administrators). */
  private async scope(caller: Caller): Promise<((p: SqlParams) => string[]) | undefined> {
    const reach = await departReach(this.db, caller);
    if (reach.all) return undefined;
    return (p) => [
      `u.id in (select ud.user_id from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
         where ${withinReach(reach, 'd.org_code', p)})`,
    ];
  }

  private async assertInScope(caller: Caller, userId: string): Promise<void> {
    const scope = await this.scope(caller);
    if (!scope) return;
    const p = new SqlParams();
    const cond = scope(p);
    const [row] = await this.db.query(
      `select 1 from sys_user u where u.id = ${p.add(userId)} and ${cond[0]}`,
      p.values,
    );
    if (!row) throw new AppError(403, 'system.out_of_scope');
  }

  /** Departments a non-admin caller may hand out: those they administer and those below. */
  private async assertDepartsInScope(caller: Caller, departIds: string[]): Promise<void> {
    try {
      await assertDepartsInReach(this.db, caller, departIds);
    } catch (error) {
      if (error instanceof AppError && error.key === 'system.depart.out_of_scope')
        throw new AppError(403, 'system.out_of_scope');
      throw error;
    }
  }

  /** Only administrators may hand out the admin role. */
  private async assertRolesAllowed(caller: Caller, roleIds: string[]): Promise<void> {
    if (roleIds.length === 0 || (await isAdminUser(this.db, caller.userId))) return;
    const [admin] = await this.db.query(
      `select 1 from sys_role where id = any($1::text[]) and role_code = 'admin'`,
      [roleIds],
    );
    if (admin) throw new AppError(403, 'system.admin_protected');
  }

  private async withDeparts(records: UserRecord[]): Promise<UserRecord[]> {
    if (records.length === 0) return records;
    const rows = await this.db.query<{ user_id: string; ids: string; names: string }>(
      `select ud.user_id, string_agg(d.id, ',' order by d.org_code) as ids, string_agg(d.depart_name, ',' order by d.org_code) as names
         from sys_user_depart ud join sys_depart d on d.id = ud.dep_id and d.del_flag = 0
        where ud.user_id = any($1::text[]) group by ud.user_id`,
      [records.map((r) => r.id)],
    );
    const managed = await this.db.query<{ user_id: string; ids: string }>(
      `select m.user_id, string_agg(m.dep_id, ',' order by m.dep_id) as ids from sys_user_managed_depart m
        where m.user_id = any($1::text[]) group by m.user_id`,
      [records.map((r) => r.id)],
    );
    const byUser = new Map(rows.map((r) => [r.user_id, r]));
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
    const page = await listPage<UserRecord>(this.db, USER_RESOURCE, query, {
      extraWhere: await this.scope(caller),
      dicts: await this.dicts.catalogue(lang),
      dataRules: await this.dataRules.forCaller(caller, USER_RESOURCE),
    });
    await this.withDeparts(page.records);
    return page;
  }

  async exportRows(caller: Caller, query: ListQuery, lang: Language) {
    return listAll(this.db, USER_RESOURCE, query, {
      extraWhere: await this.scope(caller),
      dicts: await this.dicts.catalogue(lang),
      dataRules: await this.dataRules.forCaller(caller, USER_RESOURCE),
    });
  }

  async get(caller: Caller, id: string, lang: Language): Promise<UserRecord> {
    const page = await listPage<UserRecord>(
      this.db,
      USER_RESOURCE,
      { pageNo: 1, pageSize: 1 },
      {
        extraWhere: (p) => [`u.id = ${p.add(id)}`],
        dicts: await this.dicts.catalogue(lang),
      },
    );
    const record = page.records[0];
    if (!record) throw notFound();
    await this.assertInScope(caller, id);
    await this.withDeparts([record]);
    return record;
  }

  async byDepart(caller: Caller, departId: string): Promise<UserRecord[]> {
    const scope = await this.scope(caller);
    const page = await listPage<UserRecord>(
      this.db,
      USER_RESOURCE,
      { pageNo: 1, pageSize: 1000, column: 'username', order: 'asc' },
      {
        extraWhere: (p) => [
          `u.id in (select user_id from sys_user_depart where dep_id = ${p.add(departId)})`,
          ...(scope ? scope(p) : []),
        ],
      },
    );
    return page.records;
  }

  /** Checks uniqueness of the fields a form has filled, naming the first taken one. */
  private async assertUnique(
    tx: Queryable,
    input: {
      username?: string | undefined;
      phone?: string | null;
      email?: string | null;
      workNo?: string | null;
    },
    exceptId?: string,
  ): Promise<void> {
    const checks: [string, string | null | undefined, UniqueMessages[number][1]][] = [
      ['lower(username) = lower($1)', input.username, 'auth.username_taken'],
      ['phone = $1', input.phone, 'auth.phone_taken'],
      ['lower(email) = lower($1)', input.email, 'auth.email_taken'],
      ['work_no = $1', input.workNo, 'system.user.work_no_taken'],
    ];
    for (const [cond, value, key] of checks) {
      if (!value) continue;
      const [row] = await tx.query(`select 1 from sys_user where del_flag = 0 and ${cond} and id <> $2`, [
        value,
        exceptId ?? '',
      ]);
      if (row) throw new AppError(409, key);
    }
  }

  async add(caller: Caller, input: AddInput): Promise<{ id: string }> {
    const roleIds = splitIds(input.selectedroles);
    const departIds = splitIds(input.selecteddeparts);
    const managedIds = this.managedOf(input.userIdentity ?? 1, input.managedDepartIds);
    await this.assertRolesAllowed(caller, roleIds);
    await this.assertDepartsInScope(caller, [...departIds, ...(managedIds ?? [])]);
    await this.assertUnique(this.db, input);
    const passwordHash = await hashPassword(input.password);
    const id = await mapUnique(
      () =>
        this.db.transaction(async (tx) => {
          const orgCode = departIds.length
            ? ((
                await tx.query<{ org_code: string }>('select org_code from sys_depart where id = $1', [
                  departIds[0],
                ])
              )[0]?.org_code ?? null)
            : null;
          const [row] = await tx.query<{ id: string }>(
            `insert into sys_user (username, realname, password_hash, avatar, birthday, sex, email, phone, org_code,
                                   work_no, post, telephone, user_type, create_by, user_identity)
             values ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
            [
              input.username,
              input.realname,
              passwordHash,
              input.avatar,
              input.birthday,
              input.sex,
              input.email,
              input.phone,
              orgCode,
              input.workNo,
              input.post,
              input.telephone,
              input.userType ?? '1',
              caller.username,
              input.userIdentity ?? 1,
            ],
          );
          await this.setLinks(tx, row!.id, roleIds, departIds);
          await this.setManaged(tx, row!.id, managedIds);
          return row!.id;
        }),
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

  private async setManaged(tx: Queryable, userId: string, managedIds: string[] | undefined): Promise<void> {
    if (!managedIds) return;
    await tx.query('delete from sys_user_managed_depart where user_id = $1', [userId]);
    if (managedIds.length)
      await tx.query(
        `insert into sys_user_managed_depart (user_id, dep_id)
         select $1, d.id from sys_depart d where d.id = any($2::text[]) and d.del_flag = 0`,
        [userId, managedIds],
      );
  }

  private async setLinks(
    tx: Queryable,
    userId: string,
    roleIds: string[] | undefined,
    departIds: string[] | undefined,
  ) {
    if (roleIds) {
      await tx.query('delete from sys_user_role where user_id = $1', [userId]);
      if (roleIds.length)
        await tx.query(
          `insert into sys_user_role (user_id, role_id) select $1, r.id from sys_role r where r.id = any($2::text[])`,
          [userId, roleIds],
        );
    }
    if (departIds) {
      await tx.query('delete from sys_user_depart where user_id = $1', [userId]);
      if (departIds.length)
        await tx.query(
          `insert into sys_user_depart (user_id, dep_id) select $1, d.id from sys_depart d where d.id = any($2::text[])`,
          [userId, departIds],
        );
    }
  }

  /** Refuses operations on administrator accounts by anyone but an administrator (`allowAdminCaller`). */
  private async assertNotProtected(
    caller: Caller,
    userIds: string[],
    allowAdminCaller: boolean,
  ): Promise<void> {
    const callerAdmin = await isAdminUser(this.db, caller.userId);
    for (const id of userIds) {
      if (!(await isAdminUser(this.db, id))) continue;
      if (allowAdminCaller && callerAdmin) continue;
      throw new AppError(403, 'system.admin_protected');
    }
  }

  async edit(caller: Caller, input: EditInput): Promise<void> {
    const existing = await this.db.query<{ username: string }>(
      'select username from sys_user where id = $1 and del_flag = 0',
      [input.id],
    );
    if (!existing[0]) throw notFound();
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
    await this.assertUnique(this.db, { ...input, username: undefined }, input.id);
    await mapUnique(
      () =>
        this.db.transaction(async (tx) => {
          await tx.query(
            `update sys_user set realname = $2, avatar = $3, birthday = $4::date, sex = $5, email = $6, phone = $7,
                    work_no = $8, post = $9, telephone = $10, user_type = coalesce($11, user_type),
                    update_by = $12, user_identity = coalesce($13, user_identity), update_time = now()
              where id = $1`,
            [
              input.id,
              input.realname,
              input.avatar,
              input.birthday,
              input.sex,
              input.email,
              input.phone,
              input.workNo,
              input.post,
              input.telephone,
              input.userType ?? null,
              caller.username,
              input.userIdentity ?? null,
            ],
          );
          await this.setLinks(tx, input.id, roleIds, departIds);
          await this.setManaged(tx, input.id, managedIds);
        }),
      UNIQUE_MESSAGES,
    );
    this.permissions.invalidate(input.id);
  }

  async delete(caller: Caller, ids: string[]): Promise<void> {
    await this.assertNotProtected(caller, ids, false);
    for (const id of ids) await this.assertInScope(caller, id);
    await this.db.query(
      'update sys_user set del_flag = 1, update_by = $2, update_time = now() where id = any($1::text[])',
      [ids, caller.username],
    );
    for (const id of ids) await this.sessions.revokeUser(id);
  }

  async setStatus(caller: Caller, ids: string[], status: number): Promise<void> {
    await this.assertNotProtected(caller, ids, false);
    for (const id of ids) await this.assertInScope(caller, id);
    await this.db.query(
      'update sys_user set status = $2, update_by = $3, update_time = now() where id = any($1::text[]) and del_flag = 0',
      [ids, status, caller.username],
    );
    if (status === 2) for (const id of ids) await this.sessions.revokeUser(id);
  }

  async resetPassword(caller: Caller, username: string, password: string): Promise<void> {
    const [target] = await this.db.query<{ id: string }>(
      'select id from sys_user where lower(username) = lower($1) and del_flag = 0',
      [username],
    );
    if (!target) throw notFound();
    if (target.id !== caller.userId) {
      await this.assertNotProtected(caller, [target.id], false);
      await this.assertInScope(caller, target.id);
    }
    await this.db.query('update sys_user set password_hash = $2, update_time = now() where id = $1', [
      target.id,
      await hashPassword(password),
    ]);
    await this.sessions.revokeUser(target.id, target.id === caller.userId ? caller.tokenHash : undefined);
  }

  async roleIds(caller: Caller, userId: string): Promise<string[]> {
    await this.assertInScope(caller, userId);
    const rows = await this.db.query<{ role_id: string }>(
      'select role_id from sys_user_role where user_id = $1',
      [userId],
    );
    return rows.map((r) => r.role_id);
  }

  /** True when none of the given fields is taken by another user. */
  async isFree(input: {
    id?: string | undefined;
    username?: string | undefined;
    phone?: string | undefined;
    email?: string | undefined;
    workNo?: string | undefined;
  }): Promise<void> {
    await this.assertUnique(this.db, input, input.id);
  }
}
