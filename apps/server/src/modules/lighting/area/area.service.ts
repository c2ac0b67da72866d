import type {
  AreaDto,
  AreaTreeNode,
  areaBodySchema,
  areaEditSchema,
  Language,
  Page,
  PoleDetailDto,
  RoadDto,
  roadBodySchema,
  roadEditSchema,
  roadListQuerySchema,
} from '@ics/contract/server';
import { DEFAULT_TIME_ZONE, projectName, toPage } from '@ics/contract/server';
import type { z } from 'zod';
import { AppError, notFound } from '../../../lib/errors';
import type { DeviceService } from '../../device';
import type { ProjectScope, ProjectService } from '../../project';
import type { LightingAccess } from '../lighting-access';
import { conflictOnUnique } from '../unique-conflict';
import type { AreaRepository } from './area.repository';

type Q<S extends z.ZodType> = z.output<S>;

/** The projects of a scope, narrowed to one project when asked (undefined: every project). */
function projectsOf(scope: ProjectScope, projectId: string | undefined): string[] | undefined {
  if (scope === 'all') return projectId ? [projectId] : undefined;
  return projectId ? scope.filter((id) => id === projectId) : scope;
}

/** A node of the project → area → road tree (roads are leaves). */
const treeNode = (
  type: AreaTreeNode['type'],
  id: string,
  title: string,
  children?: AreaTreeNode[],
): AreaTreeNode => ({ key: `${type}:${id}`, type, id, title, ...(children ? { children } : {}) });

/**
 * The project → area → road → pole hierarchy: areas and roads, poles put on roads (the poles
 * themselves belong to the device module), and a pole's detail.
 */
export class AreaService {
  constructor(
    private readonly repo: AreaRepository,
    private readonly access: LightingAccess,
    private readonly projects: ProjectService,
    private readonly devices: DeviceService,
  ) {}

  /** The caller's projects (named in `lang`) with their areas and roads. */
  async tree(userId: string, lang: Language, projectId?: string): Promise<AreaTreeNode[]> {
    const projects = await this.projects.places(projectsOf(await this.access.scopeOf(userId), projectId));
    const { areas, roads } = await this.repo.ofProjects(projects.map((p) => p.id));
    const roadsOf = (areaId: string) =>
      roads.filter((r) => r.area_id === areaId).map((r) => treeNode('road', r.id, r.name));
    const areasOf = (projectId: string) =>
      areas
        .filter((a) => a.project_id === projectId)
        .map((a) => treeNode('area', a.id, a.name, roadsOf(a.id)));
    return projects.map((p) => ({
      ...treeNode('project', p.id, projectName(p, lang), areasOf(p.id)),
      timeZone: p.timeZone || DEFAULT_TIME_ZONE,
    }));
  }

  private async area(userId: string, id: string): Promise<AreaDto> {
    return this.access.own(userId, await this.repo.area(id), 'lighting.area_not_found');
  }

  private async road(userId: string, id: string): Promise<RoadDto> {
    return this.access.own(userId, await this.repo.road(id), 'lighting.road_not_found');
  }

  async addArea(userId: string, username: string, b: Q<typeof areaBodySchema>): Promise<AreaDto> {
    await this.access.assertProject(userId, b.projectId);
    return conflictOnUnique(
      () => this.repo.insertArea({ ...b, code: b.code ?? null }, username),
      'lighting.area_name_taken',
      { name: b.name },
    );
  }

  async editArea(userId: string, b: Q<typeof areaEditSchema>): Promise<AreaDto> {
    const cur = await this.area(userId, b.id);
    return conflictOnUnique(
      () =>
        this.repo.updateArea({
          id: b.id,
          name: b.name ?? cur.name,
          code: b.code === undefined ? cur.code : b.code,
          sortNo: b.sortNo ?? cur.sortNo,
        }),
      'lighting.area_name_taken',
      { name: String(b.name) },
    );
  }

  async deleteArea(userId: string, id: string): Promise<void> {
    await this.area(userId, id);
    await this.repo.deleteArea(id);
  }

  async listRoads(userId: string, q: Q<typeof roadListQuerySchema>): Promise<Page<RoadDto>> {
    const { rows, total } = await this.repo.listRoads(await this.access.scopeOf(userId), q);
    return toPage(rows, total, q.pageNo, q.pageSize);
  }

  async addRoad(userId: string, username: string, b: Q<typeof roadBodySchema>): Promise<RoadDto> {
    const area = await this.area(userId, b.areaId);
    const id = await conflictOnUnique(
      () => this.repo.insertRoad({ ...b, projectId: area.projectId }, username),
      'lighting.road_name_taken',
      { name: b.name },
    );
    return (await this.repo.road(id))!;
  }

  async editRoad(userId: string, b: Q<typeof roadEditSchema>): Promise<RoadDto> {
    const cur = await this.road(userId, b.id);
    if (b.areaId && b.areaId !== cur.areaId) {
      const area = await this.area(userId, b.areaId);
      if (area.projectId !== cur.projectId) throw notFound('lighting.area_not_found');
    }
    const renamed = b.name && b.name !== cur.name ? b.name : null;
    await conflictOnUnique(
      () =>
        this.repo.updateRoad(
          {
            id: b.id,
            areaId: b.areaId ?? cur.areaId,
            name: b.name ?? cur.name,
            sortNo: b.sortNo ?? cur.sortNo,
          },
          async (tx) => {
            if (renamed) await this.devices.renameRoad(tx, b.id, renamed);
          },
        ),
      'lighting.road_name_taken',
      { name: String(b.name) },
    );
    return (await this.repo.road(b.id))!;
  }

  async deleteRoad(userId: string, id: string): Promise<void> {
    await this.road(userId, id);
    await this.repo.deleteRoad(id);
  }

  /** The roads of an area (the device module's lamp list filters by area through these). */
  roadIdsOfArea(areaId: string): Promise<string[]> {
    return this.repo.roadIdsOfArea(areaId);
  }

  /** Puts the caller's poles on a road of their project, or takes them off any road (`roadId` null). */
  async assignRoad(userId: string, poleIds: string[], roadId: string | null): Promise<{ updated: number }> {
    const road = roadId ? await this.road(userId, roadId) : null;
    const updated = await this.devices.assignRoad(
      userId,
      [...new Set(poleIds)],
      road && { id: road.id, name: road.name, projectId: road.projectId },
    );
    if (updated.length === 0 && poleIds.length > 0)
      throw new AppError(404, 'lighting.pole_not_found', { id: poleIds[0]! });
    return { updated: updated.length };
  }

  async poleDetail(userId: string, id: string): Promise<PoleDetailDto> {
    const pole = await this.devices.getPole(userId, id).catch(() => {
      throw notFound('lighting.pole_not_found');
    });
    const [place, { gateways, devices }] = await Promise.all([
      this.repo.placeOfPole(id),
      this.devices.onPole(userId, id),
    ]);
    return {
      ...pole,
      areaId: place?.area_id ?? null,
      areaName: place?.area_name ?? null,
      roadId: place?.road_id ?? null,
      roadName: place?.road_name ?? null,
      gateways,
      devices,
    };
  }
}
