import type { Database, Queryable } from './database';

/**
 * Leadership among API nodes through a session-level PostgreSQL advisory lock held on one
 * dedicated connection: the node whose `pg_try_advisory_lock(key)` succeeds leads (runs the
 * lighting scheduler, the demo) until it stops or its connection dies (the server then releases
 * the lock and another node takes over at its next attempt). On PGlite there is one session, so
 * the lock trivially succeeds.
 */
export class LeaderLock {
  private conn: Queryable | null = null;
  private release: (() => void) | null = null;
  private session: Promise<unknown> | null = null;

  constructor(
    private readonly db: Database,
    /** The advisory lock's key: one per kind of leadership. */
    private readonly key: number,
  ) {}

  get held(): boolean {
    return this.conn !== null;
  }

  /** True when this node leads (acquiring the lock if free); checks a held connection is alive. */
  async acquire(): Promise<boolean> {
    if (this.conn) {
      try {
        await this.conn.query('select 1');
        return true;
      } catch {
        this.conn = null;
        this.release?.();
        this.release = null;
      }
    }
    return new Promise<boolean>((resolve) => {
      this.session = this.db
        .withConnection(async (conn) => {
          const [row] = await conn.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
            this.key,
          ]);
          if (!row?.ok) return resolve(false);
          this.conn = conn;
          resolve(true);
          await new Promise<void>((done) => {
            this.release = done;
          });
          await conn.query('select pg_advisory_unlock($1)', [this.key]).catch(() => undefined);
        })
        .catch(() => resolve(false));
    });
  }

  /** Gives up leadership (releases the lock and its connection). */
  async stop(): Promise<void> {
    const release = this.release;
    this.conn = null;
    this.release = null;
    release?.();
    // The unlock runs and the connection returns to the pool before the caller closes the database.
    const session = this.session;
    this.session = null;
    await session;
  }
}
