import type { Queryable } from '../../db/database';
import type { Caller } from '../../http/routes';
import { hashToken, newToken } from '../../lib/tokens';
import { TtlCache } from '../../lib/ttl-cache';
import { SessionRepository, type SessionRow } from './session.repository';

export type SessionOptions = {
  /** Absolute lifetime of a token. */
  ttlMs: number;
  /** A token unused this long stops working. */
  idleMs: number;
  /**
   * How long a resolved session is trusted without asking the database again. Revocation on
   * this node is immediate; on other API nodes it takes effect within this time.
   */
  cacheMs?: number;
};

/**
 * How often last-seen is written back: idle timeouts are minutes, so a minute's precision is
 * enough — but never more than a tenth of the idle timeout, or a short timeout would end a
 * session that is in use (last-seen lags real use by up to this much).
 */
const TOUCH_EVERY_MS = 60_000;
/** Tokens are 43 characters; anything much longer is not one of ours and is not looked up. */
const MAX_TOKEN_LENGTH = 200;

/**
 * Server-side sessions behind opaque tokens. Unlike a JWT signed with the password hash, a
 * token here can be revoked (logout, freeze, password change) and expires when idle.
 */
export class SessionStore {
  private readonly cache: TtlCache<string, SessionRow | null>;
  private readonly touchEveryMs: number;
  /** Hashes of recently presented tokens: every request of a console presents the same one. */
  private readonly hashes = new Map<string, string>();

  private readonly repo: SessionRepository;

  constructor(
    db: Queryable,
    private readonly options: SessionOptions,
  ) {
    this.repo = new SessionRepository(db);
    this.cache = new TtlCache(options.cacheMs ?? 5_000);
    this.touchEveryMs = Math.min(TOUCH_EVERY_MS, options.idleMs / 10);
  }

  async create(
    userId: string,
    orgCode: string | null,
    ip: string,
    userAgent: string | undefined,
  ): Promise<string> {
    const token = newToken();
    await this.repo.insert({
      tokenHash: hashToken(token),
      userId,
      orgCode,
      ttlSeconds: this.options.ttlMs / 1000,
      ip,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    return token;
  }

  /** The caller behind a token, or null when the token is unknown, revoked, expired or idle too long. */
  async resolve(token: string | undefined): Promise<Caller | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const tokenHash = this.hashOf(token);
    const row = await this.cache.get(tokenHash, async () => (await this.repo.find(tokenHash)) ?? null);
    if (!row || row.revoked_at || row.user_status !== 1) return null;
    const now = Date.now();
    if (row.expires_at.getTime() <= now || row.last_seen_at.getTime() + this.options.idleMs <= now)
      return null;
    if (now - row.last_seen_at.getTime() > this.touchEveryMs) {
      row.last_seen_at = new Date(now);
      await this.repo.touch(tokenHash);
    }
    return { userId: row.user_id, username: row.username, orgCode: row.org_code, tokenHash };
  }

  private hashOf(token: string): string {
    let hash = this.hashes.get(token);
    if (hash === undefined) {
      if (this.hashes.size >= 10_000) this.hashes.clear();
      hash = hashToken(token);
      this.hashes.set(token, hash);
    }
    return hash;
  }

  /** Revokes one token; true when it was a live session. */
  async revoke(token: string): Promise<boolean> {
    const tokenHash = hashToken(token);
    this.cache.delete(tokenHash);
    return this.repo.revoke(tokenHash);
  }

  /** Revokes every session of a user (frozen account, changed password), optionally keeping one. */
  async revokeUser(userId: string, keepTokenHash?: string): Promise<void> {
    for (const tokenHash of await this.repo.revokeUser(userId, keepTokenHash)) this.cache.delete(tokenHash);
  }

  async setOrgCode(tokenHash: string, orgCode: string): Promise<void> {
    this.cache.delete(tokenHash);
    await this.repo.setOrgCode(tokenHash, orgCode);
  }

  /**
   * Forgets every cached lookup, so the next request reads the database (tests that change
   * sessions or users in SQL; an administrator's bulk change made with SQL).
   */
  clearCache(): void {
    this.cache.clear();
  }

  /** Deletes sessions that can no longer be used (run periodically). */
  async purge(): Promise<number> {
    return this.repo.purge(this.options.idleMs / 1000);
  }
}
