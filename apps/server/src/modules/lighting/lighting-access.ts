import { AppError, notFound } from '../../lib/errors';
import type { MessageKey } from '../../lib/messages';
import type { DeviceLookup } from '../device';
import type { ProjectScope, ProjectScopeService, ProjectService } from '../project';

/**
 * The caller's projects, and the checks every lighting service makes against them: a project to
 * add to, a row to change, lamps to put in a group or on a circuit.
 */
export class LightingAccess {
  constructor(
    private readonly scopes: ProjectScopeService,
    private readonly projects: ProjectService,
    private readonly devices: DeviceLookup,
  ) {}

  scopeOf(userId: string): Promise<ProjectScope> {
    return this.scopes.scopeOf(userId);
  }

  /** 404 unless the project is live and one of the caller's. */
  async assertProject(userId: string, projectId: string): Promise<void> {
    if (!(await this.projects.exists(projectId)) || !(await this.scopes.canSee(userId, projectId)))
      throw notFound('lighting.project_not_found');
  }

  /** The record (or row) when it belongs to one of the caller's projects; otherwise 404 with `key`. */
  async own<T extends { projectId: string } | { project_id: string }>(
    userId: string,
    record: T | undefined,
    key: MessageKey,
  ): Promise<T> {
    const projectId = record && ('projectId' in record ? record.projectId : record.project_id);
    if (!projectId || !(await this.scopes.canSee(userId, projectId))) throw notFound(key);
    return record;
  }

  /** The distinct lamps among `lampIds`, all of one project, or 404 naming the first that is not. */
  async assertLamps(projectId: string, lampIds: readonly string[]): Promise<string[]> {
    const unique = [...new Set(lampIds)];
    if (unique.length === 0) return unique;
    const found = new Set((await this.devices.lamps(unique, { projectId })).map((l) => l.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing) throw new AppError(404, 'lighting.lamp_not_found', { id: missing });
    return unique;
  }
}
