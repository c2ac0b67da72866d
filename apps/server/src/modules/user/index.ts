export { createUserModule } from './user.module';
export {
  activeUserRelation,
  adminAccountExists,
  administratorRelation,
  insertAdminAccount,
  roleAdministratorRelation,
  USER_STATUS,
  type UserRow,
  userDepartRelation,
  userOrgRelation,
  userRoleRelation,
} from './user.repository';
export { toUserInfo, type UserChange, type UserService } from './user.service';
