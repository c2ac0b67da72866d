import type { Language, ListQuery } from '@ics/contract/server';
import type { ListRules } from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import { Listeners } from '../../lib/listeners';
import type { I18nService } from '../i18n';
import { ADMIN_ROLE, type RoleInput, type RoleRepository } from './role.repository';

const UNIQUE: UniqueMessages = [['role_code', 'system.role.code_taken']];

/** Roles: named sets of permissions and data rules that users hold. */
export class RoleService {
  private readonly changed = new Listeners();

  constructor(
    private readonly repo: RoleRepository,
    private readonly dataRules: ListRules,
    private readonly i18n: I18nService,
  ) {}

  /** Roles with their names and descriptions in `lang` (keys `role.<code>`, `role.<code>.description`). */
  private async localized<R extends { roleCode?: unknown; roleName?: unknown; description?: unknown }>(
    lang: Language,
    rows: R[],
  ): Promise<R[]> {
    const local = await this.i18n.localizer(lang);
    return rows.map((r) => {
      const code = String(r.roleCode ?? '');
      return {
        ...r,
        roleName: local(`role.${code}`, r.roleName as string | null),
        description: local(`role.${code}.description`, r.description as string | null),
      };
    });
  }

  /** Calls `listener` after roles were edited or deleted (what their holders may do may have changed). */
  onChanged(listener: () => void): void {
    this.changed.add(listener);
  }

  async list(caller: Caller, query: ListQuery, lang: Language) {
    const page = await this.repo.list.pageFor(this.dataRules, caller, query);
    return { ...page, records: await this.localized(lang, page.records) };
  }

  async exportRows(caller: Caller, query: ListQuery, lang: Language) {
    return this.localized(lang, await this.repo.list.rowsFor(this.dataRules, caller, query));
  }

  async get(id: string) {
    const role = await this.repo.list.byId(id);
    if (!role) throw notFound();
    return role;
  }

  /** Every role by name (the role choice of the user form), named in `lang`. */
  async all(lang: Language) {
    const page = await this.repo.list.page({ pageNo: 1, pageSize: 1000, column: 'roleName', order: 'asc' });
    return this.localized(lang, page.records);
  }

  /** The role's code; 404 when there is no such role. */
  async codeOf(id: string): Promise<string> {
    const code = await this.repo.codeOf(id);
    if (code === undefined) throw notFound();
    return code;
  }

  async assertCodeFree(code: string, exceptId = ''): Promise<void> {
    if (await this.repo.isCodeTaken(code, exceptId)) throw new AppError(409, 'system.role.code_taken');
  }

  /** Whether one of `ids` is the administrator role. */
  includesAdmin(ids: string[]): Promise<boolean> {
    return this.repo.includesAdmin(ids);
  }

  async add(caller: Caller, input: RoleInput): Promise<string> {
    await this.assertCodeFree(input.roleCode);
    return mapUnique(() => this.repo.insert(input, caller.username), UNIQUE);
  }

  async edit(caller: Caller, id: string, input: RoleInput): Promise<void> {
    const code = await this.codeOf(id);
    if (code === ADMIN_ROLE && input.roleCode !== ADMIN_ROLE)
      throw new AppError(400, 'system.role.admin_code');
    await this.assertCodeFree(input.roleCode, id);
    await mapUnique(() => this.repo.update(id, input, caller.username), UNIQUE);
    await this.changed.emit();
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids)
      if ((await this.codeOf(id)) === ADMIN_ROLE) throw new AppError(400, 'system.role.admin_code');
    await this.repo.delete(ids);
    await this.changed.emit();
  }

  async permissionIds(roleId: string): Promise<string[]> {
    return this.repo.permissionIds(roleId);
  }

  /** Grants the role exactly `permissionIds` (existing permissions, checked by the caller). */
  async setPermissions(roleId: string, permissionIds: string[]): Promise<void> {
    await this.codeOf(roleId);
    await this.repo.setPermissions(roleId, permissionIds);
  }

  dataRuleIds(roleId: string, ruleIds: string[]): Promise<string[]> {
    return this.repo.dataRuleIds(roleId, ruleIds);
  }

  /** Grants the role `grantedIds` among `ruleIds`, the data rules of one menu. */
  setDataRules(roleId: string, ruleIds: string[], grantedIds: string[]): Promise<void> {
    return this.repo.setDataRules(roleId, ruleIds, grantedIds);
  }
}
