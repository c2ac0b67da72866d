import type { AllAuthEntry, AuthEntry, Language, PermissionResult } from '@ics/contract/server';
import { RawJson } from '../../http/raw-json';
import { TtlCache } from '../../lib/ttl-cache';
import type { I18nService } from '../i18n';
import { buildMenuTree, heldButtonsByMenu, toPermsType } from './menu-tree';
import type { PermissionRepository, PermissionRow } from './permission.repository';

/**
 * What a user may see and do: the menu tree, button authorisations and marks, from the
 * user's roles and department roles. Cached per user for a few seconds so that every request's mark check is cheap;
 * changes made on this node invalidate at once.
 */
export class PermissionService {
  private readonly grantsCache = new TtlCache<
    string,
    { rows: PermissionRow[]; marks: Set<string>; isAdmin: boolean }
  >(5_000);
  /** Every button (`allAuth`), the same for all users: one query per lifetime, not per request. */
  private readonly buttonsCache = new TtlCache<'all', PermissionRow[]>(5_000);
  /**
   * The serialised answer per user and language, with its encoded envelope: the console asks
   * for it on every page load, and it changes only with grants, menus and translations.
   */
  private readonly resultCache = new TtlCache<string, RawJson>(5_000);

  constructor(
    private readonly repo: PermissionRepository,
    private readonly i18n: I18nService,
  ) {
    i18n.onInvalidate(() => this.resultCache.clear());
  }

  private grants(userId: string) {
    return this.grantsCache.get(userId, async () => {
      // Holders of the administrator role hold every permission, present and future.
      const isAdmin = await this.repo.holdsAdminRole(userId);
      const rows = isAdmin ? await this.repo.all() : await this.repo.heldBy(userId);
      const marks = new Set(rows.filter((r) => r.perms && r.status === '1').map((r) => r.perms!));
      return { rows, marks, isAdmin };
    });
  }

  async hasMark(userId: string, mark: string): Promise<boolean> {
    return (await this.grants(userId)).marks.has(mark);
  }

  async userPermissions(userId: string, lang: Language): Promise<PermissionResult> {
    const [{ rows }, t, allButtons] = await Promise.all([
      this.grants(userId),
      this.i18n.translator(lang),
      this.buttonsCache.get('all', () => this.repo.buttons()),
    ]);
    const auth: AuthEntry[] = rows
      .filter((r) => r.menu_type === 2 && r.status === '1' && r.perms)
      .map((r) => ({ action: r.perms!, type: toPermsType(r.perms_type), describe: t(r.name) }));
    const allAuth: AllAuthEntry[] = allButtons
      .filter((r) => r.perms)
      .map((r) => ({
        action: r.perms!,
        type: toPermsType(r.perms_type),
        describe: t(r.name),
        status: r.status === '0' ? '0' : '1',
      }));
    const menu = buildMenuTree(
      rows.filter((r) => r.menu_type !== 2),
      t,
      heldButtonsByMenu(rows, t),
    );
    return { menu, auth, allAuth };
  }

  /** `userPermissions` as JSON text, cached as long as the grants it is built from. */
  userPermissionsJson(userId: string, lang: Language): Promise<RawJson> {
    return this.resultCache.get(
      `${userId}|${lang}`,
      async () => new RawJson(JSON.stringify(await this.userPermissions(userId, lang))),
    );
  }

  /** Forgets what is cached of one user's grants (or everyone's): grants, roles or menus changed. */
  invalidate(userId?: string): void {
    this.buttonsCache.clear();
    // Translations and buttons are shared by every user's answer, so all answers go.
    this.resultCache.clear();
    if (userId) this.grantsCache.delete(userId);
    else this.grantsCache.clear();
  }
}
