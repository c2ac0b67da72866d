import type { Queryable } from '../../db/database';
import { activeUserRelation } from '../user';

export type SessionRow = {
  token_hash: string;
  user_id: string;
  username: string;
  org_code: string | null;
  user_status: number;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
};

/** sys_session: one row per issued token, by its hash. */
export class SessionRepository {
  constructor(private readonly db: Queryable) {}

  async insert(session: {
    tokenHash: string;
    userId: string;
    orgCode: string | null;
    ttlSeconds: number;
    ip: string;
    userAgent: string | null;
  }): Promise<void> {
    await this.db.query(
      `insert into sys_session (token_hash, user_id, org_code, expires_at, ip, user_agent)
       values ($1, $2, $3, now() + make_interval(secs => $4), $5, $6)`,
      [session.tokenHash, session.userId, session.orgCode, session.ttlSeconds, session.ip, session.userAgent],
    );
  }

  /** The session of a token with its user's name and status; none when the user is deleted. */
  async find(tokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.query<SessionRow>(
      `select s.token_hash, s.user_id, u.username, s.org_code, u.status as user_status,
              s.last_seen_at, s.expires_at, s.revoked_at
         from sys_session s join (${activeUserRelation}) u on u.id = s.user_id
        where s.token_hash = $1`,
      [tokenHash],
    );
    return row;
  }

  async touch(tokenHash: string): Promise<void> {
    await this.db.query('update sys_session set last_seen_at = now() where token_hash = $1', [tokenHash]);
  }

  /** Revokes one session; true when it was not revoked yet. */
  async revoke(tokenHash: string): Promise<boolean> {
    const rows = await this.db.query(
      'update sys_session set revoked_at = now() where token_hash = $1 and revoked_at is null returning token_hash',
      [tokenHash],
    );
    return rows.length > 0;
  }

  /** Revokes every live session of a user but `keepTokenHash`; returns the revoked hashes. */
  async revokeUser(userId: string, keepTokenHash: string | undefined): Promise<string[]> {
    const rows = await this.db.query<{ token_hash: string }>(
      `update sys_session set revoked_at = now()
        where user_id = $1 and revoked_at is null and token_hash <> coalesce($2, '')
        returning token_hash`,
      [userId, keepTokenHash ?? null],
    );
    return rows.map((r) => r.token_hash);
  }

  async setOrgCode(tokenHash: string, orgCode: string): Promise<void> {
    await this.db.query('update sys_session set org_code = $2 where token_hash = $1', [tokenHash, orgCode]);
  }

  /** Deletes sessions that can no longer be used; returns how many. */
  async purge(idleSeconds: number): Promise<number> {
    const rows = await this.db.query(
      `delete from sys_session where expires_at < now() or revoked_at < now() - interval '1 day'
          or last_seen_at < now() - make_interval(secs => $1) returning token_hash`,
      [idleSeconds],
    );
    return rows.length;
  }
}
