import type { Database } from '../../../db/database';
import type { LiveEvents } from '../live/live-events';
import type { IngestEvents } from './ingest-events';

/**
 * Which gateways were heard from (written as their `last_seen`, and online again with an event
 * when they were offline), and which said they are gone (their session closed, or their will
 * arrived: marked offline by the next flush).
 */
export class GatewayPresence {
  private seen = new Map<string, number>();
  /**
   * When this node last wrote each gateway's last_seen: a gateway reporting every second is
   * written at most every `seenWriteMs` (1,000 gateway rows per flush were a third of its time).
   */
  private readonly seenWritten = new Map<string, number>();
  private offlineNow = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly live: LiveEvents,
    private readonly events: Pick<IngestEvents, 'onStateChanges'>,
    /** A gateway's last_seen is rewritten at most this often while it keeps reporting. */
    private readonly seenWriteMs = 5_000,
  ) {}

  /** The gateway sent a message. */
  touch(gatewayId: string, now: number): void {
    this.offlineNow.delete(gatewayId);
    const written = this.seenWritten.get(gatewayId);
    if (written === undefined || now - written >= this.seenWriteMs) this.seen.set(gatewayId, now);
  }

  /** The gateway is gone: offline with the next flush. */
  gone(gatewayId: string): void {
    this.offlineNow.add(gatewayId);
    this.seen.delete(gatewayId);
    this.seenWritten.delete(gatewayId);
  }

  /** Forgets when these gateways' last_seen was written (marked offline: written again at once). */
  forget(gatewayIds: Iterable<string>): void {
    for (const id of gatewayIds) this.seenWritten.delete(id);
  }

  /** Whether gateways were heard from or went away since the last `take`. */
  get waiting(): boolean {
    return this.seen.size > 0 || this.offlineNow.size > 0;
  }

  /** Takes the gateways heard from (with when) and those gone since the last call. */
  take(): { seen: Map<string, number>; gone: Set<string> } {
    const taken = { seen: this.seen, gone: this.offlineNow };
    this.seen = new Map();
    this.offlineNow = new Set();
    return taken;
  }

  /** Writes when gateways were seen; those that were offline come online, with an event each. */
  async write(seen: Map<string, number>): Promise<void> {
    const ids = [...seen.keys()];
    const ts = ids.map((id) => new Date(seen.get(id)!).toISOString());
    const rows = await this.db.query<{ id: string; project_id: string; was_online: boolean }>(
      `update dev_gateway g set online = true, last_seen = greatest(g.last_seen, v.ts)
         from unnest($1::text[], $2::timestamptz[]) as v(id, ts), dev_gateway old
        where g.id = v.id and old.id = g.id
        returning g.id, g.project_id, old.online as was_online`,
      [ids, ts],
    );
    const now = Date.now();
    for (const id of ids) this.seenWritten.set(id, now);
    const cameOnline = rows.filter((r) => !r.was_online);
    if (cameOnline.length === 0) return;
    await this.db.query(
      `insert into dev_event (project_id, gateway_id, type, active)
       select * from unnest($1::text[], $2::text[]) as v(project_id, gateway_id), (values ('online', true)) t(type, active)`,
      [cameOnline.map((r) => r.project_id), cameOnline.map((r) => r.id)],
    );
    announceOnline(this.live, this.events, cameOnline, true, now);
  }
}

/** Tells consoles that gateways came online or went offline: an event each, and their state. */
export function announceOnline(
  live: LiveEvents,
  events: Pick<IngestEvents, 'onStateChanges'>,
  gateways: ReadonlyArray<{ id: string; project_id: string }>,
  online: boolean,
  ts: number,
): void {
  for (const g of gateways)
    live.publish({
      kind: 'device.online',
      projectId: g.project_id,
      payload: { gatewayId: g.id, deviceId: null, online, ts },
    });
  events.onStateChanges(
    gateways.map((g) => ({ projectId: g.project_id, gatewayId: g.id, deviceId: null, patch: { online } })),
  );
}
