import type { Database } from '../../../db/database';

/** A lapsed node's lease, as another node finds it. */
export type LapsedLease = { nodeId: string; mqttClientId: string | null };

/** Every statement on `dev_node_lease` but the claim (command.repository.ts: it moves commands too). */
export class NodeLeaseRepository {
  constructor(private readonly db: Database) {}

  /**
   * Renews this node's lease for `seconds` from the database's clock (one clock for every node),
   * creating it on a first start. Answers the node that had claimed it while it had lapsed, if
   * any: that node follows the commands this one sent before.
   */
  async renew(nodeId: string, mqttClientId: string | null, seconds: number): Promise<string | null> {
    const [row] = await this.db.query<{ taken_by: string | null }>(
      `insert into dev_node_lease (node_id, mqtt_client_id, expires_at)
         values ($1, $2, now() + $3 * interval '1 second')
       on conflict (node_id) do update
         set mqtt_client_id = excluded.mqtt_client_id, expires_at = excluded.expires_at,
             taken_by = null, taken_at = null
       returning (select l.taken_by from dev_node_lease l where l.node_id = $1) as taken_by`,
      [nodeId, mqttClientId, seconds],
    );
    return row?.taken_by ?? null;
  }

  /** Leases of other nodes that lapsed and that no node has claimed yet. */
  async lapsed(nodeId: string): Promise<LapsedLease[]> {
    const rows = await this.db.query<{ node_id: string; mqtt_client_id: string | null }>(
      `select node_id, mqtt_client_id from dev_node_lease
        where expires_at < now() and taken_by is null and node_id <> $1
        order by expires_at`,
      [nodeId],
    );
    return rows.map((r) => ({ nodeId: r.node_id, mqttClientId: r.mqtt_client_id }));
  }

  /** Ends this node's lease at once (a clean stop): its commands may be taken over now. */
  async release(nodeId: string): Promise<void> {
    await this.db.query(`update dev_node_lease set expires_at = now() where node_id = $1`, [nodeId]);
  }
}
