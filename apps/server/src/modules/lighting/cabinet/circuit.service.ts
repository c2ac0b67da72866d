import type {
  CircuitDto,
  CommandDto,
  ControlJobDto,
  circuitBodySchema,
  circuitEditSchema,
} from '@ics/contract/server';
import type { z } from 'zod';
import { AppError, badRequest } from '../../../lib/errors';
import type { CommandService } from '../../device';
import type { ControlService } from '../control/control.service';
import type { LampMembers, LampService } from '../lamp/lamp.service';
import type { LightingAccess } from '../lighting-access';
import { conflictOnUnique } from '../unique-conflict';
import type { CabinetRepository } from './cabinet.repository';
import type { CircuitLamps, CircuitRepository, CircuitRow } from './circuit.repository';

type Q<S extends z.ZodType> = z.output<S>;

const toCircuit = (r: CircuitRow, last: CommandDto | undefined): CircuitDto => ({
  id: r.id,
  cabinetId: r.cabinet_id,
  projectId: r.project_id,
  channel: r.channel,
  name: r.name,
  lampCount: r.lamp_count ?? 0,
  on: r.last_on ?? null,
  lastStatus: last?.status ?? null,
  lastReason: last?.reason ?? null,
  lastTime: last ? (last.ackTime ?? last.createTime) : null,
  lastJobId: r.last_job_id ?? null,
});

/**
 * The circuits of cabinets: the lamps on each, and switching them through their cabinet's
 * gateway (`circuit.switch`) as control jobs.
 */
export class CircuitService {
  constructor(
    private readonly repo: CircuitRepository,
    private readonly cabinets: CabinetRepository,
    private readonly access: LightingAccess,
    lamps: LampService,
    private readonly control: ControlService,
    private readonly commands: CommandService,
  ) {
    this.members = lamps.members('circuit', async (userId, id) => (await this.own(userId, id)).project_id);
  }

  /** The lamps of a circuit. */
  readonly members: LampMembers;

  /** Circuits with the outcome of each one's last switch. */
  private async withOutcomes(rows: CircuitRow[]): Promise<CircuitDto[]> {
    const last = new Map(
      (await this.commands.find(rows.flatMap((r) => (r.last_command_id ? [r.last_command_id] : [])))).map(
        (c) => [c.id, c],
      ),
    );
    return rows.map((r) => toCircuit(r, r.last_command_id ? last.get(r.last_command_id) : undefined));
  }

  /** The circuits of some cabinets, by cabinet, each by channel. */
  async ofCabinets(cabinetIds: string[]): Promise<Map<string, CircuitDto[]>> {
    const out = new Map<string, CircuitDto[]>();
    for (const c of await this.withOutcomes(await this.repo.ofCabinets(cabinetIds)))
      out.set(c.cabinetId, [...(out.get(c.cabinetId) ?? []), c]);
    return out;
  }

  /** Every circuit with its cabinet and lamps, whoever may see them (the alarm module's supply loss). */
  withLamps(): Promise<CircuitLamps[]> {
    return this.repo.withLamps();
  }

  private async own(userId: string, id: string): Promise<CircuitRow> {
    return this.access.own(userId, await this.repo.circuit(id), 'lighting.circuit_not_found');
  }

  private async dto(id: string): Promise<CircuitDto> {
    const [circuit] = await this.withOutcomes([(await this.repo.circuit(id))!]);
    return circuit!;
  }

  async add(userId: string, b: Q<typeof circuitBodySchema>): Promise<CircuitDto> {
    const cabinet = await this.access.own(
      userId,
      await this.cabinets.cabinet(b.cabinetId),
      'lighting.cabinet_not_found',
    );
    const id = await conflictOnUnique(
      () => this.repo.insert({ ...b, projectId: cabinet.projectId }),
      'lighting.circuit_channel_taken',
      { channel: b.channel },
    );
    return this.dto(id);
  }

  async edit(userId: string, b: Q<typeof circuitEditSchema>): Promise<CircuitDto> {
    const cur = await this.own(userId, b.id);
    await conflictOnUnique(
      () => this.repo.update({ id: b.id, channel: b.channel ?? cur.channel, name: b.name ?? cur.name }),
      'lighting.circuit_channel_taken',
      { channel: Number(b.channel) },
    );
    return this.dto(b.id);
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.own(userId, id);
    await this.repo.delete(id);
  }

  /** Adds lamps to a circuit (the demo district's set-up). */
  addLamps(userId: string, circuitId: string, lampIds: string[]): Promise<{ added: number }> {
    return this.members.add(userId, circuitId, lampIds);
  }

  /** Switches circuits through their cabinet's gateway (`circuit.switch`), one command per circuit, as one job. */
  async switch(
    caller: { userId: string; username: string },
    circuitIds: string[],
    on: boolean,
  ): Promise<ControlJobDto> {
    const rows = await this.repo.switchable(await this.access.scopeOf(caller.userId), [
      ...new Set(circuitIds),
    ]);
    const found = new Set(rows.map((r) => r.id));
    const missing = circuitIds.find((id) => !found.has(id));
    if (missing) throw new AppError(404, 'lighting.circuit_not_found', { id: missing });
    if (rows.some((r) => !r.gateway_id)) throw badRequest('lighting.circuit_no_gateway');
    // One command per circuit (the channel differs), all in one job.
    const job = await this.control.sendBatch(
      rows.map((r) => ({
        targets: [
          {
            projectId: r.project_id,
            gatewayId: r.gateway_id!,
            gatewaySn: r.sn!,
            deviceId: null,
            address: null,
          },
        ],
        cmd: 'circuit.switch' as const,
        params: { channel: r.channel, on },
      })),
      { action: on ? 'on' : 'off' },
      'circuit',
      { username: caller.username, userId: caller.userId },
    );
    const { commandIds, ...dto } = job;
    await this.repo.recordSwitch(
      rows.map((r) => r.id),
      on,
      job.id,
      commandIds.map((ids) => ids[0] ?? null),
    );
    return dto;
  }
}
