export { createDataRules, createPermissionModule } from './permission.module';
export type { PermissionService } from './permission.service';
