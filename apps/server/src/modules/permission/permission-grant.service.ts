import type { DataRuleRecord, Language, PermissionTreeNode } from '@ics/contract/server';
import type { Caller } from '../../http/routes';
import { AppError, notFound } from '../../lib/errors';
import type { DepartService } from '../depart';
import type { I18nService } from '../i18n';
import type { RoleService } from '../role';
import type { DataRuleService } from './data-rule.service';
import type { MenuService } from './menu.service';
import type { PermissionRepository } from './permission.repository';
import type { PermissionService } from './permission.service';

type GrantTree = { treeList: PermissionTreeNode[]; ids: string[] };

/**
 * Granting permissions: to roles (and their data rules), to departments (what they may hand
 * on) and the trees the console grants from. The role and department modules store the grants;
 * this service decides which permissions and rules exist and may be granted.
 */
export class PermissionGrantService {
  constructor(
    private readonly repo: PermissionRepository,
    private readonly menus: MenuService,
    private readonly dataRules: DataRuleService,
    private readonly permissions: PermissionService,
    private readonly i18n: I18nService,
    private readonly roles: RoleService,
    private readonly departs: DepartService,
  ) {}

  async tree(lang: Language): Promise<GrantTree> {
    return this.menus.grantTree(await this.i18n.translator(lang));
  }

  rolePermissionIds(roleId: string): Promise<string[]> {
    return this.roles.permissionIds(roleId);
  }

  /** Grants the role exactly the live permissions among `permissionIds`. */
  async setRolePermissions(roleId: string, permissionIds: string[]): Promise<void> {
    await this.roles.setPermissions(roleId, await this.repo.liveAmong(permissionIds));
    this.permissions.invalidate();
  }

  /** The data rules of a menu, and which of them the role is granted. */
  async roleDataRules(roleId: string, permissionId: string) {
    await this.roles.codeOf(roleId);
    const datarule: DataRuleRecord[] = await this.dataRules.rules({ permissionId });
    const drChecked = await this.roles.dataRuleIds(
      roleId,
      datarule.map((r) => r.id),
    );
    return { datarule, drChecked };
  }

  /** Data rules are granted per menu: the rules of that menu the role holds restrict its lists. */
  async setRoleDataRules(roleId: string, permissionId: string, ruleIds: string[]): Promise<void> {
    await this.roles.codeOf(roleId);
    const ofMenu = (await this.dataRules.rules({ permissionId })).map((r) => r.id);
    if (ruleIds.some((id) => !ofMenu.includes(id))) throw new AppError(400, 'system.data_rule.not_of_menu');
    await this.roles.setDataRules(roleId, ofMenu, ruleIds);
  }

  departPermissionIds(caller: Caller, departId: string): Promise<string[]> {
    return this.departs.permissionIds(caller, departId);
  }

  /**
   * Sets what a department may hand on to its roles. A department administrator hands on only
   * permissions they hold themselves.
   */
  async setDepartPermissions(caller: Caller, departId: string, permissionIds: string[]): Promise<void> {
    if (!(await this.departs.exists(departId))) throw notFound();
    await this.departs.assertInReach(caller, [departId]);
    if (permissionIds.length && !(await this.departs.reachOf(caller)).all) {
      const held = await this.repo.heldAmong(caller.userId, permissionIds);
      if (held.length !== permissionIds.length)
        throw new AppError(403, 'system.depart.permission_beyond_own');
    }
    await this.departs.setPermissions(departId, await this.repo.liveAmong(permissionIds));
    this.permissions.invalidate();
  }

  /** The tree a department's roles are granted from: what the department may hand on. */
  async departRoleTree(caller: Caller, departId: string, lang: Language): Promise<GrantTree> {
    return this.menus.grantTree(
      await this.i18n.translator(lang),
      await this.departs.permissionIds(caller, departId),
    );
  }
}
