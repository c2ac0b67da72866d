export { type SeedOutcome, seedAdmin } from './admin-seed';
export { createUserModule } from './user.module';
export {
  activeUserRelation,
  administratorRelation,
  roleAdministratorRelation,
  USER_STATUS,
  type UserRow,
  userDepartRelation,
  userOrgRelation,
  userRoleRelation,
} from './user.repository';
export { toUserInfo, type UserChange, type UserService } from './user.service';
