import type { Database } from '../../../db/database';
import type { LiveEvents } from '../live/live-events';
import { announceOnline } from './gateway-presence';
import type { IngestEvents } from './ingest-events';

/**
 * Marks gateways offline, and the devices behind them: those whose session closed (a flush
 * takes them from `GatewayPresence`) and those silent longer than the offline timeout (the
 * runtime's offline monitor, on any node).
 */
export class OfflineMarking {
  constructor(
    private readonly db: Database,
    private readonly live: LiveEvents,
    private readonly events: Pick<IngestEvents, 'onStateChanges'>,
  ) {}

  /** Online gateways not heard from since `cutoff` (ISO). */
  async silentSince(cutoff: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      'select id from dev_gateway where online and (last_seen is null or last_seen < $1)',
      [cutoff],
    );
    return rows.map((r) => r.id);
  }

  /** Marks gateways (and their devices) offline, with an event per real change; answers those changed. */
  async mark(gatewayIds: string[]): Promise<string[]> {
    if (gatewayIds.length === 0) return [];
    const rows = await this.db.query<{ id: string; project_id: string }>(
      `update dev_gateway set online = false where id = any($1::text[]) and online returning id, project_id`,
      [gatewayIds],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    await this.db.query(
      `update dev_state set online = false, update_time = now()
        where online and device_id in (select id from dev_device where gateway_id = any($1::text[]))`,
      [ids],
    );
    await this.db.query(
      `insert into dev_event (project_id, gateway_id, type, active)
       select v.project_id, v.gateway_id, 'offline', false from unnest($1::text[], $2::text[]) as v(project_id, gateway_id)`,
      [rows.map((r) => r.project_id), ids],
    );
    announceOnline(this.live, this.events, rows, false, Date.now());
    return ids;
  }
}
