import type { Depart, UserInfo } from '@ics/contract/server';
import type { Queryable } from '../../db/database';

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

/** Reads and writes of user rows that sign-in needs. Never lets the password hash out. */
export class UserRepository {
  /** @param onWrite told after every write to a user row, for caches of answers built on them. */
  constructor(
    private readonly db: Queryable,
    private readonly onWrite: () => void = () => undefined,
  ) {}

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
         from sys_depart d join sys_user_depart ud on ud.dep_id = d.id
        where ud.user_id = $1 and d.del_flag = 0
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
}

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
