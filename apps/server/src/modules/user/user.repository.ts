import type { Depart, UserRecord, userAddSchema, userEditSchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { linkedIds, replaceLinks } from '../../http/link-table';
import { ListReader, recordList, SqlParams } from '../../http/list-query';
import { firstValue } from '../../http/sql-where';
import {
  activeDepartRelation,
  countDepartsWithinReach,
  type DepartReach,
  departsWithinReach,
} from '../depart';
import { adminRoleRelation, roleRelation } from '../role';

export type UserRow = {
  id: string;
  username: string;
  realname: string;
  password_hash: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  org_code: string | null;
  status: number;
  del_flag: number;
  work_no: string | null;
  post: string | null;
  telephone: string | null;
  user_type: string;
  nickname: string | null;
};

const USER_COLUMNS = `id, username, realname, password_hash, avatar, to_char(birthday, 'YYYY-MM-DD') as birthday, sex, email,
  phone, org_code, status, del_flag, work_no, post, telephone, user_type, nickname`;

export const USER_STATUS = { normal: 1, frozen: 2 } as const;

/** sys_user.user_identity of a department administrator (upstream USER_IDENTITY_2). */
export const DEPART_ADMIN_IDENTITY = 2;

/** Read relation (id, username, realname, status, org_code, create_time): accounts not deleted. */
export const activeUserRelation =
  'select id, username, realname, status, org_code, create_time from sys_user where del_flag = 0';
/** Read relation (user_id, role_id): the roles each user holds. */
export const userRoleRelation = 'select user_id, role_id from sys_user_role';
/** Read relation (user_id, dep_id): the departments each user belongs to. */
export const userDepartRelation = 'select user_id, dep_id from sys_user_depart';
/** Read relation (user_id): holders of the administrator role, who are granted every permission. */
export const roleAdministratorRelation = `select ur.user_id from sys_user_role ur join (${adminRoleRelation}) r on r.id = ur.role_id`;
/** Read relation (user_id): administrator accounts, holding the administrator role or named admin. */
export const administratorRelation = `select id as user_id from sys_user where lower(username) = 'admin'
  union ${roleAdministratorRelation}`;
/**
 * Read relation (user_id, realname, org_code, org_codes): each user's name, the department
 * they work in and the codes of all their departments, comma-separated (data rule variables).
 */
export const userOrgRelation = `select u.id as user_id, u.realname, u.org_code,
    (select string_agg(d.org_code, ',' order by d.org_code) from sys_user_depart ud
       join (${activeDepartRelation}) d on d.id = ud.dep_id where ud.user_id = u.id) as org_codes
  from sys_user u`;

const USER_ROLE = { table: 'sys_user_role', owner: 'user_id', linked: 'role_id' };
const USER_DEPART = { table: 'sys_user_depart', owner: 'user_id', linked: 'dep_id' };
const USER_MANAGED_DEPART = { table: 'sys_user_managed_depart', owner: 'user_id', linked: 'dep_id' };

export const USER_RESOURCE = recordList('sys_user u', {
  ruleMenu: '/system/user',
  softDelete: true,
  createdTitle: ['创建时间', 'Created'],
  columns: {
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
  },
});

/** Conditions on `u` (sys_user) beyond a list request's filters: the caller's scope, and more. */
export type UserConditions = (params: SqlParams) => string[];

/** The fields whose values no two users may share, with how a stored value is compared. */
export type UniqueField = 'username' | 'phone' | 'email' | 'workNo';
const UNIQUE_COMPARISONS: Record<UniqueField, string> = {
  username: 'lower(username) = lower($1)',
  phone: 'phone = $1',
  email: 'lower(email) = lower($1)',
  workNo: 'work_no = $1',
};

export type AddInput = z.output<typeof userAddSchema>;
export type EditInput = z.output<typeof userEditSchema>;

/** sys_user and what links users to roles and departments. Never lets the password hash out but to sign-in. */
export class UserRepository {
  /** The user list: its pages, export rows and single records. */
  readonly list: ListReader<UserRecord>;

  /** @param onWrite told after every write made outside a writing request, for caches of answers built on users. */
  constructor(
    private readonly db: Database,
    private readonly onWrite: () => void,
  ) {
    this.list = new ListReader(db, USER_RESOURCE);
  }

  // ---------------------------------------------------------------- accounts (sign-in)

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(
      `select ${USER_COLUMNS} from sys_user where lower(username) = lower($1) and del_flag = 0`,
      [username],
    );
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(
      `select ${USER_COLUMNS} from sys_user where id = $1 and del_flag = 0`,
      [id],
    );
    return row;
  }

  async findByPhone(phone: string): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(
      `select ${USER_COLUMNS} from sys_user where phone = $1 and del_flag = 0`,
      [phone],
    );
    return row;
  }

  async departsOf(userId: string): Promise<Depart[]> {
    return this.db.query<Depart>(
      `select d.id, d.depart_name as "departName", d.org_code as "orgCode", d.parent_id as "parentId"
         from (${activeDepartRelation}) d join sys_user_depart ud on ud.dep_id = d.id
        where ud.user_id = $1
        order by d.depart_order, d.org_code`,
      [userId],
    );
  }

  async setOrgCode(userId: string, orgCode: string | null): Promise<void> {
    await this.db.query('update sys_user set org_code = $2, update_time = now() where id = $1', [
      userId,
      orgCode,
    ]);
    this.onWrite();
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.query('update sys_user set password_hash = $2, update_time = now() where id = $1', [
      userId,
      passwordHash,
    ]);
    this.onWrite();
  }

  /** A self-registered account, without any role until an administrator grants one. */
  async insertRegistered(user: {
    username: string;
    passwordHash: string;
    phone: string;
    email: string | null;
  }): Promise<void> {
    await this.db.query(
      `insert into sys_user (username, realname, password_hash, phone, email, create_by)
       values ($1, $1, $2, $3, $4, 'register')`,
      [user.username, user.passwordHash, user.phone, user.email],
    );
  }

  // ---------------------------------------------------------------- administration

  /** Whether user `id` meets `where`. */
  async meets(id: string, where: UserConditions): Promise<boolean> {
    const p = new SqlParams();
    const [row] = await this.db.query(
      `select 1 from sys_user u where u.id = ${p.add(id)} and ${where(p).join(' and ')}`,
      p.values,
    );
    return Boolean(row);
  }

  /** The departments (ids and names) and managed departments (ids) of each of `userIds`. */
  async departLinks(userIds: string[]) {
    const [departs, managed] = await Promise.all([
      this.db.query<{ user_id: string; ids: string; names: string }>(
        `select ud.user_id, string_agg(d.id, ',' order by d.org_code) as ids, string_agg(d.depart_name, ',' order by d.org_code) as names
           from sys_user_depart ud join (${activeDepartRelation}) d on d.id = ud.dep_id
          where ud.user_id = any($1::text[]) group by ud.user_id`,
        [userIds],
      ),
      this.db.query<{ user_id: string; ids: string }>(
        `select m.user_id, string_agg(m.dep_id, ',' order by m.dep_id) as ids from sys_user_managed_depart m
          where m.user_id = any($1::text[]) group by m.user_id`,
        [userIds],
      ),
    ]);
    return { departs, managed };
  }

  /** Whether a live user other than `exceptId` holds `value` in `field`. */
  async isTaken(field: UniqueField, value: string, exceptId: string): Promise<boolean> {
    const [row] = await this.db.query(
      `select 1 from sys_user where del_flag = 0 and ${UNIQUE_COMPARISONS[field]} and id <> $2`,
      [value, exceptId],
    );
    return Boolean(row);
  }

  async isAdministrator(userId: string): Promise<boolean> {
    const [row] = await this.db.query(`select 1 from (${administratorRelation}) a where a.user_id = $1`, [
      userId,
    ]);
    return Boolean(row);
  }

  idByUsername(username: string): Promise<string | undefined> {
    return firstValue(this.db, 'select id from sys_user where lower(username) = lower($1) and del_flag = 0', [
      username,
    ]);
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.query('select 1 from sys_user where id = $1 and del_flag = 0', [id]);
    return Boolean(row);
  }

  /** Adds a user with their roles, departments and managed departments; the first department gives the org code. */
  async insert(input: AddInput, passwordHash: string, by: string, links: Links): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [depart] = links.departIds?.length
        ? await tx.query<{ org_code: string }>(
            `select org_code from (${activeDepartRelation}) d where d.id = $1`,
            [links.departIds[0]],
          )
        : [];
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
          depart?.org_code ?? null,
          input.workNo,
          input.post,
          input.telephone,
          input.userType ?? '1',
          by,
          input.userIdentity ?? 1,
        ],
      );
      await this.setLinks(tx, row!.id, links);
      return row!.id;
    });
  }

  async update(input: EditInput, by: string, links: Links): Promise<void> {
    await this.db.transaction(async (tx) => {
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
          by,
          input.userIdentity ?? null,
        ],
      );
      await this.setLinks(tx, input.id, links);
    });
  }

  /** Replaces each kind of link that `links` names (undefined: left as it is); unknown roles and departments are skipped. */
  private async setLinks(tx: Queryable, userId: string, links: Links): Promise<void> {
    if (links.roleIds) await replaceLinks(tx, USER_ROLE, userId, links.roleIds, roleRelation);
    if (links.departIds) await replaceLinks(tx, USER_DEPART, userId, links.departIds, activeDepartRelation);
    if (links.managedIds)
      await replaceLinks(tx, USER_MANAGED_DEPART, userId, links.managedIds, activeDepartRelation);
  }

  async softDelete(ids: string[], by: string): Promise<void> {
    await this.db.query(
      'update sys_user set del_flag = 1, update_by = $2, update_time = now() where id = any($1::text[])',
      [ids, by],
    );
  }

  async setStatus(ids: string[], status: number, by: string): Promise<void> {
    await this.db.query(
      'update sys_user set status = $2, update_by = $3, update_time = now() where id = any($1::text[]) and del_flag = 0',
      [ids, status, by],
    );
  }

  roleIds(userId: string): Promise<string[]> {
    return linkedIds(this.db, USER_ROLE, userId);
  }

  /** Condition on `u`: the user holds role `roleId`. */
  ofRole(roleId: string): UserConditions {
    return (p) => [`u.id in (select user_id from sys_user_role where role_id = ${p.add(roleId)})`];
  }

  /** Gives role `roleId` to those of `userIds` who are live users and lack it; unknown roles give nothing. */
  async addRoleMembers(roleId: string, userIds: string[]): Promise<void> {
    await this.db.query(
      `insert into sys_user_role (user_id, role_id)
       select u.id, r.id from sys_user u join (${roleRelation}) r on r.id = $1
        where u.id = any($2::text[]) and u.del_flag = 0
       on conflict do nothing`,
      [roleId, userIds],
    );
  }

  async removeRoleMembers(roleId: string, userIds: string[]): Promise<void> {
    await this.db.query('delete from sys_user_role where role_id = $1 and user_id = any($2::text[])', [
      roleId,
      userIds,
    ]);
  }

  // ---------------------------------------------------------------- departments

  /** Adds those of `userIds` who are live users to department `departId` (links that exist stay). */
  async addDepartMembers(departId: string, userIds: string[]): Promise<void> {
    await this.db.query(
      `insert into sys_user_depart (user_id, dep_id)
       select u.id, $1 from sys_user u where u.id = any($2::text[]) and u.del_flag = 0
       on conflict do nothing`,
      [departId, userIds],
    );
  }

  async removeDepartMembers(departId: string, userIds: string[]): Promise<void> {
    await this.db.query('delete from sys_user_depart where dep_id = $1 and user_id = any($2::text[])', [
      departId,
      userIds,
    ]);
  }

  /** The live departments of a user as {key: id, title: name}, in tree order. */
  async departOptions(userId: string): Promise<{ key: string; title: string }[]> {
    return this.db.query<{ key: string; title: string }>(
      `select d.id as key, d.depart_name as title
         from sys_user_depart ud join (${activeDepartRelation}) d on d.id = ud.dep_id
        where ud.user_id = $1
        order by d.depart_order, d.org_code`,
      [userId],
    );
  }

  /** Condition on `u`: the user belongs to department `departId` or to a live department below it. */
  underDepart(departId: string): UserConditions {
    return (p) => [
      `u.id in (select ud.user_id from sys_user_depart ud
         join (${activeDepartRelation}) d on d.id = ud.dep_id
         join (${activeDepartRelation}) top on top.id = ${p.add(departId)}
        where d.org_code like top.org_code || '%')`,
    ];
  }

  /**
   * Org codes of the departments a non-administrator reaches: those they manage as a department
   * administrator, otherwise those they belong to.
   */
  async reachCodes(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ org_code: string }>(
      `select d.org_code from sys_user u
         join (${activeDepartRelation}) d on d.id in (
           select m.dep_id from sys_user_managed_depart m where m.user_id = u.id and u.user_identity = $2
           union all
           select ud.dep_id from sys_user_depart ud where ud.user_id = u.id and not (
             u.user_identity = $2 and exists (select 1 from sys_user_managed_depart m2 where m2.user_id = u.id)))
        where u.id = $1`,
      [userId, DEPART_ADMIN_IDENTITY],
    );
    return rows.map((r) => r.org_code);
  }

  /** Condition on `u`: the user belongs to a department within `reach`. */
  inReach(reach: DepartReach): UserConditions {
    return (p) => [
      `u.id in (select ud.user_id from sys_user_depart ud join (${departsWithinReach(reach, p)}) d on d.id = ud.dep_id)`,
    ];
  }

  /** How many of `departIds` lie within `reach` (unknown departments do not). */
  countWithinReach(departIds: string[], reach: DepartReach): Promise<number> {
    return countDepartsWithinReach(this.db, departIds, reach);
  }

  /** Condition on `u`: the user belongs to department `departId`. */
  ofDepart(departId: string): UserConditions {
    return (p) => [`u.id in (select user_id from sys_user_depart where dep_id = ${p.add(departId)})`];
  }

  async isMember(userId: string, departId: string): Promise<boolean> {
    const [row] = await this.db.query(
      `select 1 from sys_user_depart ud join sys_user u on u.id = ud.user_id and u.del_flag = 0
        where ud.user_id = $1 and ud.dep_id = $2`,
      [userId, departId],
    );
    return Boolean(row);
  }

  async hasMembers(departId: string): Promise<boolean> {
    const [row] = await this.db.query(
      `select 1 from sys_user_depart ud join sys_user u on u.id = ud.user_id and u.del_flag = 0 where ud.dep_id = $1`,
      [departId],
    );
    return Boolean(row);
  }

  /** Rewrites the prefix `from` of users' org codes to `to` (a department moved), in the caller's transaction. */
  async recodeOrgCodes(tx: Queryable, from: string, to: string): Promise<void> {
    await tx.query(
      `update sys_user set org_code = $2 || substr(org_code, length($1) + 1) where org_code like $1 || '%'`,
      [from, to],
    );
  }
}

/** The links a form sets: each kind undefined when the form leaves it as it is. */
export type Links = { roleIds?: string[]; departIds?: string[]; managedIds?: string[] };

/**
 * Creates the `admin` account with the administrator role in the root department; false when
 * another node starting at the same moment created it first.
 */
export async function insertAdminAccount(db: Database, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `insert into sys_user (id, username, realname, password_hash, user_type, org_code, create_by)
       values ('user-admin', 'admin', '管理员', $1, '0', 'A01', 'system')
       on conflict do nothing returning id`,
      [passwordHash],
    );
    if (rows.length === 0) return false;
    await tx.query(
      `insert into sys_user_role (user_id, role_id) values ('user-admin', 'role-admin') on conflict do nothing`,
    );
    await tx.query(
      `insert into sys_user_depart (user_id, dep_id) values ('user-admin', 'dep-root') on conflict do nothing`,
    );
    return true;
  });
}

/** Whether an account named admin exists (seeded on the first start). */
export async function adminAccountExists(db: Queryable): Promise<boolean> {
  const [row] = await db.query(`select id from sys_user where lower(username) = 'admin'`);
  return Boolean(row);
}
