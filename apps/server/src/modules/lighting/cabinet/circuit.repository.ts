import type { Database } from '../../../db/database';
import { type ScopeFilter, Where } from '../../../http/sql-where';
import { gatewayRelation } from '../../device';

/** A circuit as stored, with how many lamps hang on it. */
export type CircuitRow = {
  id: string;
  cabinet_id: string;
  project_id: string;
  channel: number;
  name: string;
  lamp_count: number;
  last_on: boolean | null;
  last_command_id: string | null;
  last_job_id: string | null;
};

/** A circuit with the gateway that switches it (none when its cabinet has no gateway). */
export type SwitchableCircuit = {
  id: string;
  channel: number;
  project_id: string;
  gateway_id: string | null;
  sn: string | null;
};

/**
 * A circuit with its cabinet and the lamps on it: what the alarm module needs to tell a circuit
 * or a whole cabinet that lost its supply.
 */
export type CircuitLamps = {
  id: string;
  channel: number;
  name: string;
  projectId: string;
  cabinetId: string;
  cabinetCode: string;
  cabinetName: string;
  gatewayId: string | null;
  poleId: string | null;
  lampIds: string[];
};

const CIRCUIT_SELECT = `select c.*,
  (select count(*) from lighting_circuit_lamp cl where cl.circuit_id = c.id)::int as lamp_count from lighting_circuit c`;

/** The SQL of circuits (`lighting_circuit`; the lamps on them: `LampRepository`). */
export class CircuitRepository {
  constructor(private readonly db: Database) {}

  /** The circuits of some cabinets, by channel. */
  ofCabinets(cabinetIds: readonly string[]): Promise<CircuitRow[]> {
    return this.db.query<CircuitRow>(
      `${CIRCUIT_SELECT} where c.cabinet_id = any($1::text[]) order by c.channel`,
      [cabinetIds],
    );
  }

  async circuit(id: string): Promise<CircuitRow | undefined> {
    const [row] = await this.db.query<CircuitRow>(`${CIRCUIT_SELECT} where c.id = $1`, [id]);
    return row;
  }

  async insert(c: { cabinetId: string; projectId: string; channel: number; name: string }): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      'insert into lighting_circuit (cabinet_id, project_id, channel, name) values ($1, $2, $3, $4) returning id',
      [c.cabinetId, c.projectId, c.channel, c.name],
    );
    return row!.id;
  }

  async update(c: { id: string; channel: number; name: string }): Promise<void> {
    await this.db.query('update lighting_circuit set channel = $2, name = $3 where id = $1', [
      c.id,
      c.channel,
      c.name,
    ]);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from lighting_circuit where id = $1', [id]);
  }

  /** Every circuit of every project with its cabinet and lamps (circuits without lamps too), by cabinet and channel. */
  async withLamps(): Promise<CircuitLamps[]> {
    const rows = await this.db.query<{
      id: string;
      channel: number;
      name: string;
      project_id: string;
      cabinet_id: string;
      cabinet_code: string;
      cabinet_name: string;
      gateway_id: string | null;
      pole_id: string | null;
      lamp_ids: string[] | null;
    }>(
      `select c.id, c.channel, c.name, cab.project_id, cab.id as cabinet_id, cab.code as cabinet_code,
              cab.name as cabinet_name, cab.gateway_id, cab.pole_id,
              (select array_agg(cl.device_id order by cl.device_id) from lighting_circuit_lamp cl
                where cl.circuit_id = c.id) as lamp_ids
         from lighting_circuit c join lighting_cabinet cab on cab.id = c.cabinet_id
        order by cab.id, c.channel`,
    );
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      name: r.name,
      projectId: r.project_id,
      cabinetId: r.cabinet_id,
      cabinetCode: r.cabinet_code,
      cabinetName: r.cabinet_name,
      gatewayId: r.gateway_id,
      poleId: r.pole_id,
      lampIds: r.lamp_ids ?? [],
    }));
  }

  /** The circuits among `ids` within a scope, with the gateway of their cabinet. */
  switchable(scope: ScopeFilter, ids: readonly string[]): Promise<SwitchableCircuit[]> {
    const w = new Where().add('c.id = any(?::text[])', ids).scope(scope, 'c.project_id');
    return this.db.query<SwitchableCircuit>(
      `select c.id, c.channel, c.project_id, cab.gateway_id, g.sn from lighting_circuit c
         join lighting_cabinet cab on cab.id = c.cabinet_id left join (${gatewayRelation}) g on g.id = cab.gateway_id
       ${w.sql}`,
      w.params,
    );
  }

  /** Records the state each circuit was switched to, with its command and job. */
  async recordSwitch(
    ids: string[],
    on: boolean,
    jobId: string,
    commandIds: Array<string | null>,
  ): Promise<void> {
    await this.db.query(
      `update lighting_circuit c set last_on = $2, last_command_id = v.command_id, last_job_id = $3
         from unnest($1::text[], $4::text[]) as v(id, command_id) where c.id = v.id`,
      [ids, on, jobId, commandIds],
    );
  }
}
