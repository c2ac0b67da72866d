export { createRoleModule } from './role.module';
export {
  ADMIN_ROLE,
  adminRoleRelation,
  roleDataRuleRelation,
  rolePermissionRelation,
  roleRelation,
} from './role.repository';
export type { RoleService } from './role.service';
