import { DEFAULT_TIME_ZONE } from '@ics/contract/server';
import type { ProjectService } from '../../project';
import type { PlanLamp, PlanStrategy } from '../plan';
import { dateText, type StrategyRepository, type StrategyRow } from './strategy.repository';

/** A project as plans need it: its time zone, and where its lamps without a pole stand. */
export type ProjectInfo = { id: string; timeZone: string; latitude: number; longitude: number };

const toPlan = (r: StrategyRow): PlanStrategy => ({
  id: r.id,
  name: r.name,
  priority: r.priority,
  updateTime: new Date(r.update_time).getTime(),
  enabled: r.enabled,
  startDate: dateText(r.start_date),
  endDate: dateText(r.end_date),
  weekdays: r.weekdays,
  actions: r.actions,
  targets: r.targets ?? [],
  fallbackLevel: r.fallback_level,
});

/**
 * The data of the plan arithmetic (plan.ts): projects with their time zones, their enabled
 * strategies, and their lamps with where they stand and what they belong to. The scheduler, the
 * preview and the gateway schedules read it here, so they agree.
 */
export class PlanSource {
  constructor(
    private readonly strategies: StrategyRepository,
    private readonly projectService: ProjectService,
  ) {}

  /** The live projects among `ids`, or (without ids) those with an enabled strategy. */
  async projects(ids?: string[]): Promise<ProjectInfo[]> {
    const places = await this.projectService.places(ids ?? (await this.strategies.projectsWithEnabled()));
    return places.map((p) => ({
      id: p.id,
      timeZone: p.timeZone || DEFAULT_TIME_ZONE,
      latitude: p.latitude,
      longitude: p.longitude,
    }));
  }

  async planStrategies(projectId: string): Promise<PlanStrategy[]> {
    return (await this.strategies.enabledOf(projectId)).map(toPlan);
  }

  /** Lamps of a project (or some of them) with where they stand (the project's centre without a pole) and their groups. */
  async planLamps(
    project: ProjectInfo,
    filter: { lampIds?: string[]; gatewayIds?: string[] } = {},
  ): Promise<PlanLamp[]> {
    const rows = await this.strategies.planLamps(project.id, filter);
    return rows.map((r) => ({
      id: r.id,
      projectId: project.id,
      gatewayId: r.gateway_id,
      groupIds: r.groups ?? [],
      latitude: r.latitude ?? project.latitude,
      longitude: r.longitude ?? project.longitude,
    }));
  }
}
