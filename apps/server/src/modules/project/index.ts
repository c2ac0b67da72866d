export { createProjectModule } from './project.module';
export { type ProjectInput, type ProjectPlace, projectTimeZoneRelation } from './project.repository';
export type { ProjectService } from './project.service';
export type { ProjectScope, ProjectScopeService } from './project-scope.service';
