export { createProjectModule } from './project.module';
export type { ProjectScope, ProjectScopeService } from './project-scope.service';
