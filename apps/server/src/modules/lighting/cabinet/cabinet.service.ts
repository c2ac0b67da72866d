import type {
  CabinetDto,
  cabinetBodySchema,
  cabinetEditSchema,
  cabinetListQuerySchema,
  Page,
} from '@ics/contract/server';
import { toPage } from '@ics/contract/server';
import type { z } from 'zod';
import { notFound } from '../../../lib/errors';
import type { DeviceLookup } from '../../device';
import type { LightingAccess } from '../lighting-access';
import { conflictOnUnique } from '../unique-conflict';
import type { CabinetRecord, CabinetRepository } from './cabinet.repository';
import type { CircuitService } from './circuit.service';

type Q<S extends z.ZodType> = z.output<S>;

/** Distribution cabinets: where they stand, the gateway that switches their circuits, and the circuits. */
export class CabinetService {
  constructor(
    private readonly repo: CabinetRepository,
    private readonly circuits: CircuitService,
    private readonly access: LightingAccess,
    private readonly devices: DeviceLookup,
  ) {}

  private async withCircuits(records: CabinetRecord[]): Promise<CabinetDto[]> {
    const circuits = await this.circuits.ofCabinets(records.map((r) => r.id));
    return records.map((r) => ({ ...r, circuits: circuits.get(r.id) ?? [] }));
  }

  private async own(userId: string, id: string): Promise<CabinetRecord> {
    return this.access.own(userId, await this.repo.cabinet(id), 'lighting.cabinet_not_found');
  }

  async list(userId: string, q: Q<typeof cabinetListQuerySchema>): Promise<Page<CabinetDto>> {
    const { rows, total } = await this.repo.list(await this.access.scopeOf(userId), q);
    return toPage(await this.withCircuits(rows), total, q.pageNo, q.pageSize);
  }

  async get(userId: string, id: string): Promise<CabinetDto> {
    const [cabinet] = await this.withCircuits([await this.own(userId, id)]);
    return cabinet!;
  }

  /** The gateway and the pole of a cabinet, when given, must be of its project. */
  private async assertRefs(projectId: string, gatewayId?: string | null, poleId?: string | null) {
    if (gatewayId && (await this.devices.gateways([gatewayId], { projectId })).length === 0)
      throw notFound('lighting.gateway_not_found');
    if (poleId && (await this.devices.poles([poleId], { projectId })).length === 0)
      throw notFound('lighting.pole_not_found');
  }

  async add(userId: string, username: string, b: Q<typeof cabinetBodySchema>): Promise<CabinetDto> {
    await this.access.assertProject(userId, b.projectId);
    await this.assertRefs(b.projectId, b.gatewayId, b.poleId);
    const id = await conflictOnUnique(
      () =>
        this.repo.insert(
          {
            projectId: b.projectId,
            code: b.code,
            name: b.name,
            gatewayId: b.gatewayId ?? null,
            poleId: b.poleId ?? null,
            longitude: b.longitude ?? null,
            latitude: b.latitude ?? null,
            remark: b.remark ?? null,
          },
          b.circuitCount,
          username,
        ),
      'lighting.cabinet_code_taken',
      { code: b.code },
    );
    return this.get(userId, id);
  }

  async edit(userId: string, b: Q<typeof cabinetEditSchema>): Promise<CabinetDto> {
    const cur = await this.own(userId, b.id);
    await this.assertRefs(cur.projectId, b.gatewayId, b.poleId);
    const pick = <K extends keyof typeof b & keyof CabinetRecord>(k: K) =>
      b[k] === undefined ? cur[k] : b[k];
    await conflictOnUnique(
      () =>
        this.repo.update(b.id, {
          code: pick('code')!,
          name: pick('name')!,
          gatewayId: pick('gatewayId') ?? null,
          poleId: pick('poleId') ?? null,
          longitude: pick('longitude') ?? null,
          latitude: pick('latitude') ?? null,
          remark: pick('remark') ?? null,
        }),
      'lighting.cabinet_code_taken',
      { code: String(b.code) },
    );
    return this.get(userId, b.id);
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.own(userId, id);
    await this.repo.delete(id);
  }
}
