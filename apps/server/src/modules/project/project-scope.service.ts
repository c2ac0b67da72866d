import { TtlCache } from '../../lib/ttl-cache';
import type { ProjectRepository } from './project.repository';

/** `all` for administrators; otherwise the ids of projects linked to one of the user's departments. */
export type ProjectScope = 'all' | string[];

/**
 * Which projects a user may see. Every device query is filtered by this, so a user never
 * learns of devices outside their departments' projects.
 */
export class ProjectScopeService {
  private readonly cache = new TtlCache<string, ProjectScope>(5_000);
  private readonly audiences = new TtlCache<string, string[]>(5_000);

  constructor(private readonly repo: ProjectRepository) {}

  scopeOf(userId: string): Promise<ProjectScope> {
    return this.cache.get(userId, async () =>
      (await this.repo.holdsAdminRole(userId)) ? 'all' : this.repo.projectIdsOf(userId),
    );
  }

  async canSee(userId: string, projectId: string): Promise<boolean> {
    const scope = await this.scopeOf(userId);
    return scope === 'all' || scope.includes(projectId);
  }

  /** The users who may see a project's devices (its live events are pushed to them). */
  audienceOf(projectId: string): Promise<string[]> {
    return this.audiences.get(projectId, () => this.repo.audienceOf(projectId));
  }

  invalidate(userId?: string): void {
    this.audiences.clear();
    if (userId) this.cache.delete(userId);
    else this.cache.clear();
  }
}
