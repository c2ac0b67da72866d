import type { Database } from '../../../db/database';
import type { GatewayInfo } from '../directory/gateway-directory';
import type { LiveEvents } from '../live/live-events';

const DAY_MS = 86_400_000;
/** Active conditions are re-read this often, to learn what other API nodes raised or cleared. */
const RELOAD_MS = 10_000;
/** The `code` of a device its gateway reports unreachable (kind `offline`). */
const UNREACHABLE = 'unreachable';

type Kind = 'fault' | 'offline';

/** One wanted value of a condition, as a JSON row for the upsert. */
type Wanted = {
  s: string;
  k: Kind;
  c: string;
  p: string;
  g: string;
  d: string | null;
  a: boolean;
  t: number;
  /** The message of an explicit event (not stored in the condition). */
  m?: string | null;
};

type Changed = {
  subject_id: string;
  kind: Kind;
  code: string;
  project_id: string;
  gateway_id: string;
  device_id: string | null;
  active: boolean;
  ts: Date;
};

const RETURNING =
  'returning c.subject_id, c.kind, c.code, c.project_id, c.gateway_id, c.device_id, c.active, c.ts';
const tsOf = (expr: string) => `to_timestamp(${expr} / 1000.0)`;

/**
 * Events of conditions that raise and clear, derived from what gateways report:
 * - fault flags: a lamp reading's `faults` is the full set of its active flags, so a flag that
 *   appears is raised and one that disappears is cleared; an explicit `up/event` raises or
 *   clears one code (of a device or of the gateway itself);
 * - unreachable devices: a heartbeat's `offline` lists the devices behind the gateway that do
 *   not answer it; a device entering the list goes offline, one leaving it comes back online.
 *
 * Each condition is one row of `dev_condition`; an event is written to `dev_event` (and pushed
 * live) only when a statement actually flips `active`, so a condition that stays on is reported
 * once even when its messages are spread over several API nodes, and an older message never
 * undoes a newer one. A node keeps the active conditions in memory (re-read every
 * {@link RELOAD_MS}) only to skip the database for the usual reading that changes nothing.
 */
export class DeviceConditionEvents {
  /** subject id → active condition keys (`kind:code`) as far as this node knows. */
  private active = new Map<string, Set<string>>();
  /** gateway id → its devices known unreachable. */
  private unreachableOf = new Map<string, Set<string>>();
  private loadedAt = 0;
  private loaded = false;
  /** Latest full fault set per device reported in telemetry since the last flush. */
  private faultSets = new Map<string, { gw: GatewayInfo; faults: string[]; ts: number }>();
  /** Latest offline list per gateway since the last flush (device ids). */
  private offlineLists = new Map<string, { gw: GatewayInfo; deviceIds: string[]; ts: number }>();
  /** Explicit events in arrival order. */
  private reports: Wanted[] = [];

  constructor(
    private readonly db: Database,
    private readonly live: LiveEvents,
  ) {}

  /** A lamp reading's complete set of active fault flags. */
  faults(gw: GatewayInfo, deviceId: string, faults: readonly string[], ts: number): void {
    const known = this.active.get(deviceId);
    const knownFaults = known ? [...known].filter((k) => k.startsWith('fault:')) : [];
    const queued = this.faultSets.get(deviceId);
    if (queued && queued.ts > ts) return;
    // Nothing new (a queued older change is still replaced: the database may refuse that one).
    const same = knownFaults.length === faults.length && faults.every((f) => known?.has(`fault:${f}`));
    if (this.loaded && same && !queued) return;
    this.faultSets.set(deviceId, { gw, faults: [...faults], ts });
    const keys = new Set(known ? [...known].filter((k) => !k.startsWith('fault:')) : []);
    for (const f of faults) keys.add(`fault:${f}`);
    this.remember(deviceId, keys);
  }

  /** A heartbeat's `offline` list (addresses; unknown ones are ignored). */
  heartbeat(gw: GatewayInfo, offline: readonly string[], ts: number, now: number): void {
    const deviceIds: string[] = [];
    for (const address of offline) {
      const ref = gw.devices.get(address);
      if (ref) deviceIds.push(ref.id);
    }
    const known = this.unreachableOf.get(gw.id);
    const at = sane(ts, now);
    const queued = this.offlineLists.get(gw.id);
    if (queued && queued.ts > at) return;
    const same = (known?.size ?? 0) === deviceIds.length && deviceIds.every((id) => known?.has(id));
    if (this.loaded && same && !queued) return;
    this.offlineLists.set(gw.id, { gw, deviceIds, ts: at });
    const listed = new Set(deviceIds);
    for (const id of known ?? []) if (!listed.has(id)) this.forgetKey(id, `offline:${UNREACHABLE}`);
    for (const id of deviceIds) this.addKey(id, `offline:${UNREACHABLE}`);
    if (deviceIds.length) this.unreachableOf.set(gw.id, listed);
    else this.unreachableOf.delete(gw.id);
  }

  /** An explicit fault event (`up/event`); `deviceId` null means the gateway itself. */
  reported(
    gw: GatewayInfo,
    deviceId: string | null,
    code: string,
    active: boolean,
    ts: number,
    message: string | null,
  ): void {
    const subject = deviceId ?? gw.id;
    this.reports.push({
      s: subject,
      k: 'fault',
      c: code,
      p: gw.projectId,
      g: gw.id,
      d: deviceId,
      a: active,
      t: ts,
      m: message,
    });
    if (active) this.addKey(subject, `fault:${code}`);
    else this.forgetKey(subject, `fault:${code}`);
  }

  /** Statements that failed (what they carried is re-derived from the next reports). */
  failures = 0;

  /**
   * Applies what was reported since the last call; writes and pushes an event per real change.
   * Never throws: a failure must not hold up the rest of an ingestion flush (acks, state).
   */
  async flush(now = Date.now()): Promise<void> {
    try {
      await this.apply(now);
    } catch {
      this.failures++;
      // What this node believed may now be wrong: re-read before skipping anything again.
      this.loaded = false;
    }
  }

  private async apply(now: number): Promise<void> {
    const faultSets = this.faultSets;
    const offlineLists = this.offlineLists;
    const reports = this.reports;
    this.faultSets = new Map();
    this.offlineLists = new Map();
    this.reports = [];
    const changed: Array<Changed & { message: string | null }> = [];
    const collect = (rows: Changed[], messages?: Map<string, string | null>) => {
      for (const r of rows)
        changed.push({ ...r, message: messages?.get(`${r.subject_id}:${r.kind}:${r.code}`) ?? null });
    };

    const raises: Wanted[] = [];
    for (const [deviceId, { gw, faults, ts }] of faultSets)
      for (const code of faults)
        raises.push({
          s: deviceId,
          k: 'fault',
          c: code,
          p: gw.projectId,
          g: gw.id,
          d: deviceId,
          a: true,
          t: ts,
        });
    for (const { gw, deviceIds, ts } of offlineLists.values())
      for (const id of deviceIds)
        raises.push({
          s: id,
          k: 'offline',
          c: UNREACHABLE,
          p: gw.projectId,
          g: gw.id,
          d: id,
          a: true,
          t: ts,
        });
    if (raises.length) collect(await this.upsert(raises));
    if (faultSets.size)
      collect(
        await this.db.query<Changed>(
          `update dev_condition c set active = false, ts = ${tsOf('v.t')}
             from jsonb_to_recordset($1::jsonb) as v(s text, f jsonb, t bigint)
            where c.subject_id = v.s and c.kind = 'fault' and c.active and not (v.f ? c.code) and c.ts <= ${tsOf('v.t')}
            ${RETURNING}`,
          [JSON.stringify([...faultSets].map(([s, { faults, ts }]) => ({ s, f: faults, t: ts })))],
        ),
      );
    if (offlineLists.size)
      collect(
        await this.db.query<Changed>(
          `update dev_condition c set active = false, ts = ${tsOf('v.t')}
             from jsonb_to_recordset($1::jsonb) as v(g text, l jsonb, t bigint)
            where c.gateway_id = v.g and c.kind = 'offline' and c.active and not (v.l ? c.subject_id)
              and c.ts <= ${tsOf('v.t')}
            ${RETURNING}`,
          [
            JSON.stringify(
              [...offlineLists.values()].map(({ gw, deviceIds, ts }) => ({ g: gw.id, l: deviceIds, t: ts })),
            ),
          ],
        ),
      );
    // Explicit events in order: a code raised and cleared within one flush gives both events.
    for (const round of rounds(reports)) {
      const messages = new Map(round.map((w) => [`${w.s}:${w.k}:${w.c}`, w.m ?? null]));
      collect(await this.upsert(round), messages);
    }
    if (changed.length) await this.record(changed);
    if (!this.loaded || now - this.loadedAt > RELOAD_MS) await this.load(now);
    else if (faultSets.size || offlineLists.size || reports.length)
      await this.reread([...faultSets.keys(), ...reports.map((r) => r.s)], [...offlineLists.keys()]);
  }

  /**
   * Takes the database's word for the conditions just written to: a change refused there (an
   * older message, or another node's newer one) must not leave this node believing it.
   */
  private async reread(subjects: string[], gateways: string[]) {
    const rows = await this.db.query<{ subject_id: string; gateway_id: string; kind: Kind; code: string }>(
      `select subject_id, gateway_id, kind, code from dev_condition
        where active and (subject_id = any($1::text[]) or (kind = 'offline' and gateway_id = any($2::text[])))`,
      [subjects, gateways],
    );
    for (const s of subjects) {
      const keys = this.active.get(s);
      if (keys) for (const k of [...keys]) if (k.startsWith('fault:')) keys.delete(k);
    }
    for (const g of gateways) {
      for (const id of this.unreachableOf.get(g) ?? []) this.forgetKey(id, `offline:${UNREACHABLE}`);
      this.unreachableOf.delete(g);
    }
    for (const r of rows) {
      if (r.kind === 'fault' && !subjects.includes(r.subject_id)) continue;
      if (r.kind === 'offline' && !gateways.includes(r.gateway_id)) continue;
      this.addKey(r.subject_id, `${r.kind}:${r.code}`);
      if (r.kind === 'offline') addTo(this.unreachableOf, r.gateway_id, r.subject_id);
    }
    for (const s of subjects) if (this.active.get(s)?.size === 0) this.active.delete(s);
  }

  /**
   * Sets conditions to the wanted values; answers the rows whose `active` this statement set:
   * new conditions, and existing ones that flipped (never by a message older than the last).
   */
  private upsert(rows: Wanted[]): Promise<Changed[]> {
    return this.db.query<Changed>(
      `insert into dev_condition as c (subject_id, kind, code, project_id, gateway_id, device_id, active, ts)
       select v.s, v.k, v.c, v.p, v.g, v.d, v.a, ${tsOf('v.t')}
         from jsonb_to_recordset($1::jsonb) as v(s text, k text, c text, p text, g text, d text, a boolean, t bigint)
       on conflict (subject_id, kind, code) do update set active = excluded.active, ts = excluded.ts
        where c.active <> excluded.active and c.ts <= excluded.ts
       ${RETURNING}`,
      [JSON.stringify(rows.map(({ m: _m, ...w }) => w))],
    );
  }

  private async record(changed: Array<Changed & { message: string | null }>) {
    const type = (c: Changed) => (c.kind === 'fault' ? 'fault' : c.active ? 'offline' : 'online');
    // A device its gateway cannot reach is offline: the event's `active` is the device's online state.
    const active = (c: Changed) => (c.kind === 'fault' ? c.active : !c.active);
    await this.db.query(
      `insert into dev_event (project_id, gateway_id, device_id, type, code, active, message, ts)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[],
         $8::timestamptz[])`,
      [
        changed.map((c) => c.project_id),
        changed.map((c) => c.gateway_id),
        changed.map((c) => c.device_id),
        changed.map(type),
        changed.map((c) => (c.kind === 'fault' ? c.code : null)),
        changed.map(active),
        changed.map((c) => c.message),
        changed.map((c) => new Date(c.ts).toISOString()),
      ],
    );
    for (const c of changed) {
      const ts = new Date(c.ts).getTime();
      if (c.kind === 'fault')
        this.live.publish({
          kind: 'device.fault',
          projectId: c.project_id,
          payload: { gatewayId: c.gateway_id, deviceId: c.device_id, code: c.code, active: c.active, ts },
        });
      else
        this.live.publish({
          kind: 'device.online',
          projectId: c.project_id,
          payload: { gatewayId: c.gateway_id, deviceId: c.device_id, online: !c.active, ts },
        });
    }
  }

  /** Re-reads the active conditions (those raised or cleared by other nodes included). */
  private async load(now: number) {
    const rows = await this.db.query<{ subject_id: string; gateway_id: string; kind: Kind; code: string }>(
      'select subject_id, gateway_id, kind, code from dev_condition where active',
    );
    const active = new Map<string, Set<string>>();
    const unreachableOf = new Map<string, Set<string>>();
    for (const r of rows) {
      addTo(active, r.subject_id, `${r.kind}:${r.code}`);
      if (r.kind === 'offline') addTo(unreachableOf, r.gateway_id, r.subject_id);
    }
    this.active = active;
    this.unreachableOf = unreachableOf;
    this.loaded = true;
    this.loadedAt = now;
  }

  private remember(subject: string, keys: Set<string>) {
    if (keys.size) this.active.set(subject, keys);
    else this.active.delete(subject);
  }

  private addKey(subject: string, key: string) {
    addTo(this.active, subject, key);
  }

  private forgetKey(subject: string, key: string) {
    const keys = this.active.get(subject);
    if (!keys) return;
    keys.delete(key);
    if (!keys.size) this.active.delete(subject);
  }
}

/** A device clock more than a day off is replaced by the platform's time. */
function sane(ts: number, now: number): number {
  return Math.abs(ts - now) > DAY_MS ? now : ts;
}

/** Splits rows into runs in which each condition appears at most once: its n-th report goes to run n. */
function rounds(rows: Wanted[]): Wanted[][] {
  const out: Wanted[][] = [];
  const count = new Map<string, number>();
  for (const w of rows) {
    const key = `${w.s}:${w.k}:${w.c}`;
    const n = count.get(key) ?? 0;
    count.set(key, n + 1);
    const run = out[n] ?? [];
    run.push(w);
    out[n] = run;
  }
  return out;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}
