import type { ChildKind } from '@ics/contract';
import type { Queryable } from '../db/database';

export type DeviceRef = { id: string; kind: ChildKind };
export type GatewayInfo = {
  id: string;
  sn: string;
  projectId: string;
  credentialHash: string | null;
  devices: Map<string, DeviceRef>;
};

/**
 * Gateway sn → gateway, project and the devices behind it, for the ingestion hot path. Entries
 * live `ttlMs` (other API nodes may change the registry); this node's own changes invalidate.
 */
export class GatewayDirectory {
  private readonly entries = new Map<string, { value: GatewayInfo | null; expires: number }>();
  private readonly loading = new Map<string, Promise<GatewayInfo | null>>();

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 30_000,
  ) {}

  /** The cached entry without waiting, or undefined when it must be loaded. */
  peek(sn: string): GatewayInfo | null | undefined {
    const hit = this.entries.get(sn);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  get(sn: string): Promise<GatewayInfo | null> {
    const hit = this.peek(sn);
    if (hit !== undefined) return Promise.resolve(hit);
    let pending = this.loading.get(sn);
    if (!pending) {
      pending = this.load(sn).finally(() => this.loading.delete(sn));
      this.loading.set(sn, pending);
    }
    return pending;
  }

  private async load(sn: string): Promise<GatewayInfo | null> {
    const [gw] = await this.db.query<{ id: string; project_id: string; credential_hash: string | null }>(
      'select id, project_id, credential_hash from dev_gateway where sn = $1',
      [sn],
    );
    let value: GatewayInfo | null = null;
    if (gw) {
      const devices = await this.db.query<{ id: string; address: string; kind: ChildKind }>(
        'select id, address, kind from dev_device where gateway_id = $1',
        [gw.id],
      );
      value = {
        id: gw.id,
        sn,
        projectId: gw.project_id,
        credentialHash: gw.credential_hash,
        devices: new Map(devices.map((d) => [d.address, { id: d.id, kind: d.kind }])),
      };
    }
    // Unknown gateways are remembered briefly so a misconfigured one cannot flood the database.
    this.entries.set(sn, { value, expires: Date.now() + (value ? this.ttlMs : 5_000) });
    if (this.entries.size > 200_000) this.entries.clear();
    return value;
  }

  invalidate(sn?: string): void {
    if (sn) this.entries.delete(sn);
    else this.entries.clear();
  }
}
