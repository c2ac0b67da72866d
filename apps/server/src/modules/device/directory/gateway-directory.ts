import type { ChildKind } from '@ics/contract/server';
import type { Queryable } from '../../../db/database';
import type { LiveDevice, StoredState } from '../ingest/live-device';

/** What a device's dev_state row held when its gateway was loaded. */
/**
 * A device behind a gateway; `stored` seeds its live state once (then it is dropped), and
 * `live` keeps that state at hand for the ingestion hot path (no look-up per reading).
 */
export type DeviceRef = { id: string; kind: ChildKind; stored?: StoredState | undefined; live?: LiveDevice };
export type GatewayInfo = {
  id: string;
  sn: string;
  projectId: string;
  credentialHash: string | null;
  devices: Map<string, DeviceRef>;
};

type DeviceRow = {
  id: string;
  address: string;
  kind: ChildKind;
  online: boolean | null;
  on: unknown;
  level: unknown;
  faults: string[] | null;
  at: number | null;
};

/**
 * Gateway sn → gateway, project and the devices behind it, for the ingestion hot path, loaded
 * lazily per gateway. This node's own registry writes invalidate the gateway concerned;
 * `refreshChanged` (every 30 s) invalidates only the gateways whose row or devices another node
 * created or updated since the last check. Deletions elsewhere are picked up when an entry
 * reaches `maxAgeMs` (spread by ±25 % so that entries loaded together do not expire together).
 */
export class GatewayDirectory {
  private readonly entries = new Map<string, { value: GatewayInfo | null; expires: number }>();
  private readonly loading = new Map<string, Promise<GatewayInfo | null>>();
  /** Database time of the last `refreshChanged` (null: not yet run; the next run only records it). */
  private checkedAt: string | null = null;
  /** Full loads performed (tests, bench). */
  loads = 0;

  constructor(
    private readonly db: Queryable,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  /**
   * Invalidates the gateways whose registry changed since the last call (by create/update time:
   * gateway rows and their devices), so that they reload on their next message. Answers how
   * many cached entries were invalidated.
   */
  async refreshChanged(): Promise<number> {
    const [{ now }] = (await this.db.query<{ now: string }>(`select now()::text as now`)) as [
      { now: string },
    ];
    const since = this.checkedAt;
    this.checkedAt = now;
    if (since === null) return 0;
    const rows = await this.db.query<{ sn: string }>(
      // Ten seconds of overlap: a transaction committed late carries an earlier timestamp.
      `select sn from dev_gateway where create_time > $1::timestamptz - interval '10 seconds'
          or update_time > $1::timestamptz - interval '10 seconds'
       union
       select g.sn from dev_device d join dev_gateway g on g.id = d.gateway_id
        where d.create_time > $1::timestamptz - interval '10 seconds'
           or d.update_time > $1::timestamptz - interval '10 seconds'`,
      [since],
    );
    let n = 0;
    for (const r of rows) if (this.entries.delete(r.sn)) n++;
    return n;
  }

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
    // An entry reloaded because it is old is still in the map (expired): see `reconcile`.
    const previous = this.entries.get(sn)?.value ?? null;
    const [gw] = await this.db.query<{ id: string; project_id: string; credential_hash: string | null }>(
      'select id, project_id, credential_hash from dev_gateway where sn = $1',
      [sn],
    );
    let value: GatewayInfo | null = null;
    if (gw) {
      const devices = await this.db.query<DeviceRow>(
        `select d.id, d.address, d.kind, s.online, s.vals -> 'on' as "on", s.vals -> 'level' as level, s.faults,
                (extract(epoch from s.update_time) * 1000)::float8 as at
           from dev_device d left join dev_state s on s.device_id = d.id where d.gateway_id = $1`,
        [gw.id],
      );
      value = reconcile(
        previous,
        { id: gw.id, sn, projectId: gw.project_id, credentialHash: gw.credential_hash },
        devices,
      );
    }
    // Unknown gateways are remembered briefly so a misconfigured one cannot flood the database.
    this.loads++;
    const age = value ? this.maxAgeMs * (0.75 + Math.random() / 2) : 5_000;
    this.entries.set(sn, { value, expires: Date.now() + age });
    if (this.entries.size > 200_000) this.entries.clear();
    return value;
  }

  invalidate(sn?: string): void {
    if (sn) this.entries.delete(sn);
    else this.entries.clear();
  }
}

/**
 * A gateway's entry as loaded from `rows`, reusing what did not change since `previous`: the
 * reference of each device already heard from (with its live state), and when nothing at all
 * changed, the whole entry. Every entry is reloaded every ten minutes or so; building new
 * objects each time (100,000 devices, their maps and id strings) scattered what each reading
 * touches over ever more memory, and the ingestion's CPU per reading rose by 5 % in the first
 * half hour (docs/performance.md, fifteenth pass).
 */
export function reconcile(
  previous: GatewayInfo | null,
  gateway: Omit<GatewayInfo, 'devices'>,
  rows: readonly DeviceRow[],
): GatewayInfo {
  // A device's live state carries its gateway and project: another gateway or project, fresh
  // references, which the ingestion links to the live state again (and updates).
  const reusable = previous?.id === gateway.id && previous.projectId === gateway.projectId ? previous : null;
  let unchanged =
    reusable !== null &&
    reusable.sn === gateway.sn &&
    reusable.credentialHash === gateway.credentialHash &&
    reusable.devices.size === rows.length;
  const devices = new Map<string, DeviceRef>();
  for (const d of rows) {
    const held = reusable?.devices.get(d.address);
    if (held?.live && held.id === d.id && held.kind === d.kind) {
      devices.set(d.address, held);
      continue;
    }
    unchanged = false;
    devices.set(d.address, { id: d.id, kind: d.kind, stored: storedState(d) });
  }
  return unchanged ? reusable! : { ...gateway, devices };
}

function storedState(d: DeviceRow): StoredState | undefined {
  if (d.at === null) return undefined;
  return { online: d.online, on: d.on ?? undefined, level: d.level ?? undefined, faults: d.faults, at: d.at };
}
