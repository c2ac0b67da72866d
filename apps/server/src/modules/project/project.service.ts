import {
  type Language,
  type ListQuery,
  type ProjectRecord,
  projectDescription,
  projectName,
} from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import type { ListOptions, ListRules } from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import type { ProjectInput, ProjectPlace, ProjectRepository, StoredProject } from './project.repository';
import type { ProjectScopeService } from './project-scope.service';

const UNIQUE: UniqueMessages = [['code', 'system.project.code_taken']];

/** A stored project with its name and description in `lang`. */
const localized = (p: StoredProject, lang: Language): ProjectRecord => ({
  ...p,
  localName: projectName(p, lang),
  localDescription: projectDescription(p, lang),
});

/** Projects: the sites devices belong to, seen by the users of the departments linked to them. */
export class ProjectService {
  constructor(
    private readonly repo: ProjectRepository,
    private readonly scope: ProjectScopeService,
    private readonly dataRules: ListRules,
  ) {}

  /**
   * The caller's reach: administrators see every project, anyone else those linked to their
   * departments, as in every device list (project-scope.service.ts); the data rules apply on top.
   */
  private async withinScope(caller: Caller): Promise<ListOptions> {
    const scope = await this.scope.scopeOf(caller.userId);
    if (scope === 'all') return {};
    const id = this.repo.list.resource.columns.id!.column;
    return { extraWhere: (p) => [`${id} = any(${p.add(scope)}::text[])`] };
  }

  /** Not found, as for a project that does not exist, unless every one of `ids` is within reach. */
  private async assertWithinScope(caller: Caller, ids: readonly string[]): Promise<void> {
    const scope = await this.scope.scopeOf(caller.userId);
    if (scope !== 'all' && ids.some((id) => !scope.includes(id))) throw notFound();
  }

  async list(caller: Caller, query: ListQuery, lang: Language) {
    const page = await this.repo.list.pageFor(this.dataRules, caller, query, await this.withinScope(caller));
    return { ...page, records: page.records.map((p) => localized(p, lang)) };
  }

  /** The export's rows: each project's name and description in `lang`. */
  async exportRows(caller: Caller, query: ListQuery, lang: Language) {
    const rows = await this.repo.list.rowsFor(this.dataRules, caller, query, await this.withinScope(caller));
    return rows.map((p) => {
      const local = localized(p, lang);
      return { ...local, name: local.localName, description: local.localDescription };
    });
  }

  async get(caller: Caller, id: string, lang: Language) {
    await this.assertWithinScope(caller, [id]);
    const project = await this.repo.list.byId(id);
    if (!project) throw notFound();
    return localized(project, lang);
  }

  private async assertCodeFree(code: string, exceptId = ''): Promise<void> {
    if (await this.repo.isCodeTaken(code, exceptId)) throw new AppError(409, 'system.project.code_taken');
  }

  async add(caller: Caller, input: ProjectInput): Promise<string> {
    await this.assertCodeFree(input.code);
    const id = await mapUnique(() => this.repo.insert(input, caller.username), UNIQUE);
    this.scope.invalidate();
    return id;
  }

  async edit(caller: Caller, id: string, input: ProjectInput): Promise<void> {
    await this.assertWithinScope(caller, [id]);
    await this.assertCodeFree(input.code, id);
    if (!(await mapUnique(() => this.repo.update(id, input, caller.username), UNIQUE))) throw notFound();
    this.scope.invalidate();
  }

  async remove(caller: Caller, ids: string[]): Promise<void> {
    await this.assertWithinScope(caller, ids);
    await this.repo.softDelete(ids, caller.username);
    this.scope.invalidate();
  }

  // ---- what other modules ask of projects ------------------------------------------------

  /** Whether a live (not deleted) project has this id. */
  async exists(id: string): Promise<boolean> {
    return (await this.repo.places([id])).length > 0;
  }

  /** Live projects, all of them or those among `ids`, by name: names, positions and time zones. */
  places(ids?: readonly string[]): Promise<ProjectPlace[]> {
    return this.repo.places(ids);
  }

  /** The live project with this code. */
  idByCode(code: string): Promise<string | undefined> {
    return this.repo.idByCode(code);
  }

  /** Creates a project within the caller's transaction (the demo creates its devices in the same one). */
  async createWithin(tx: Queryable, input: ProjectInput, by: string): Promise<string> {
    const id = await this.repo.insert(input, by, tx);
    this.scope.invalidate();
    return id;
  }
}
