export { createDepartModule } from './depart.module';
export { activeDepartRelation, countDepartsWithinReach, departsWithinReach } from './depart.repository';
export type { DepartChange, DepartService, DepartUsers } from './depart.service';
export type { DepartReach } from './depart-reach';
export { departRoleGrantRelation } from './depart-role.repository';
