export type { DataRuleService } from './data-rule.service';
export { createDataRules, createPermissionModule } from './permission.module';
export type { PermissionService } from './permission.service';
