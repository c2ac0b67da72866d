export { createRoleModule } from './role.module';
export {
  adminRoleRelation,
  roleDataRuleRelation,
  rolePermissionRelation,
  roleRelation,
} from './role.repository';
export type { RoleService } from './role.service';
