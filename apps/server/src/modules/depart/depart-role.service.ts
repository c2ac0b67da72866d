import type { ListQuery } from '@ics/contract/server';
import type { Caller } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import type { Listeners } from '../../lib/listeners';
import type { DepartChange, DepartService, DepartUsers } from './depart.service';
import type { DepartRoleInput, DepartRoleRepository } from './depart-role.repository';

const UNIQUE: UniqueMessages = [['role_code', 'system.depart_role.code_taken']];

/** Department roles: roles a department defines for its own members, within its permissions. */
export class DepartRoleService {
  constructor(
    private readonly repo: DepartRoleRepository,
    private readonly departs: DepartService,
    private readonly users: DepartUsers,
    private readonly changed: Listeners<DepartChange>,
  ) {}

  /** The department of a department role, refused (403) when outside the caller's reach. */
  private async departOf(caller: Caller, roleId: string): Promise<string> {
    const departId = await this.repo.departOf(roleId);
    if (departId === undefined) throw notFound();
    await this.departs.assertInReach(caller, [departId]);
    return departId;
  }

  async list(caller: Caller, query: ListQuery) {
    return this.repo.page(query, await this.departs.reachOf(caller));
  }

  async add(caller: Caller, input: DepartRoleInput): Promise<string> {
    if (!(await this.departs.exists(input.departId))) throw notFound();
    await this.departs.assertInReach(caller, [input.departId]);
    return mapUnique(() => this.repo.insert(input), UNIQUE);
  }

  /** Renames a role; it stays in its department (the departId sent is not a move). */
  async edit(caller: Caller, id: string, input: DepartRoleInput): Promise<void> {
    await this.departOf(caller, id);
    if (!(await mapUnique(() => this.repo.update(id, input), UNIQUE))) throw notFound();
  }

  async remove(caller: Caller, ids: string[]): Promise<void> {
    for (const id of ids) await this.departOf(caller, id);
    await this.repo.delete(ids);
    await this.changed.emit({});
  }

  async roleIdsOfUser(caller: Caller, userId: string, departId: string): Promise<string[]> {
    await this.departs.assertInReach(caller, [departId]);
    return this.repo.roleIdsOfUser(userId, departId);
  }

  /** Department roles are for the department's own members. */
  async setUserRoles(caller: Caller, userId: string, departId: string, roleIds: string[]): Promise<void> {
    await this.departs.assertInReach(caller, [departId]);
    if (!(await this.users.isMember(userId, departId)))
      throw new AppError(400, 'system.depart_role.user_not_in_depart');
    if (roleIds.length && (await this.repo.countOfDepart(roleIds, departId)) !== roleIds.length)
      throw notFound();
    await this.repo.setUserRoles(userId, departId, roleIds);
    await this.changed.emit({ userId });
  }

  async permissionIds(caller: Caller, roleId: string): Promise<string[]> {
    await this.departOf(caller, roleId);
    return this.repo.rolePermissionIds(roleId);
  }

  /** A department role is granted only permissions its department may hand on. */
  async setPermissions(caller: Caller, roleId: string, permissionIds: string[]): Promise<void> {
    const departId = await this.departOf(caller, roleId);
    if (
      permissionIds.length &&
      (await this.repo.countDepartPermissions(departId, permissionIds)) !== permissionIds.length
    )
      throw new AppError(400, 'system.depart_role.permission_not_in_depart');
    await this.repo.setRolePermissions(departId, roleId, permissionIds);
    await this.changed.emit({});
  }
}
