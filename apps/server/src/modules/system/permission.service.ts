import { createHash } from 'node:crypto';
import type { AllAuthEntry, AuthEntry, Language, MenuNode, PermissionResult } from '@ics/contract';
import type { Queryable } from '../../db/database';
import { RawJson } from '../../http/raw-json';
import { TtlCache } from '../../lib/ttl-cache';
import type { I18nService } from '../i18n';
import { ADMIN_ROLE } from '../role';

export type PermissionRow = {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number;
  perms: string | null;
  perms_type: string;
  sort_no: number;
  always_show: boolean;
  icon: string | null;
  is_route: boolean;
  keep_alive: boolean;
  hidden: boolean;
  internal_or_external: boolean;
  status: string;
};

const COLUMNS = `p.id, p.parent_id, p.name, p.url, p.component, p.component_name, p.redirect, p.menu_type, p.perms,
  p.perms_type, p.sort_no, p.always_show, p.icon, p.is_route, p.keep_alive, p.hidden, p.internal_or_external, p.status`;

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
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly i18n: I18nService,
  ) {
    i18n.onInvalidate(() => this.resultCache.clear());
  }

  private grants(userId: string) {
    return this.grantsCache.get(userId, async () => {
      const roles = await this.db.query<{ role_code: string }>(
        `select r.role_code from sys_role r join sys_user_role ur on ur.role_id = r.id where ur.user_id = $1`,
        [userId],
      );
      const isAdmin = roles.some((r) => r.role_code === ADMIN_ROLE);
      const rows = isAdmin
        ? await this.db.query<PermissionRow>(
            `select ${COLUMNS} from sys_permission p where p.del_flag = 0 order by p.sort_no, p.id`,
          )
        : await this.db.query<PermissionRow>(
            `select ${COLUMNS} from sys_permission p
              where p.del_flag = 0 and p.id in (
                select rp.permission_id from sys_role_permission rp
                  join sys_user_role ur on ur.role_id = rp.role_id where ur.user_id = $1
                union
                select drp.permission_id from sys_depart_role_permission drp
                  join sys_depart_role_user dru on dru.drole_id = drp.role_id where dru.user_id = $1)
              order by p.sort_no, p.id`,
            [userId],
          );
      const marks = new Set(rows.filter((r) => r.perms && r.status === '1').map((r) => r.perms!));
      return { rows, marks, isAdmin };
    });
  }

  /** Whether the user holds the admin role (cached with the grants). */
  async isAdmin(userId: string): Promise<boolean> {
    return (await this.grants(userId)).isAdmin;
  }

  async hasMark(userId: string, mark: string): Promise<boolean> {
    return (await this.grants(userId)).marks.has(mark);
  }

  async userPermissions(userId: string, lang: Language): Promise<PermissionResult> {
    const [{ rows }, t, allButtons] = await Promise.all([
      this.grants(userId),
      this.i18n.translator(lang),
      this.buttonsCache.get('all', () =>
        this.db.query<PermissionRow>(
          `select ${COLUMNS} from sys_permission p where p.del_flag = 0 and p.menu_type = 2 order by p.sort_no, p.id`,
        ),
      ),
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

  /** Calls `listener` whenever grants, roles or menus change on this node (caches built on them). */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  invalidate(userId?: string): void {
    this.buttonsCache.clear();
    // Translations and buttons are shared by every user's answer, so all answers go.
    this.resultCache.clear();
    if (userId) this.grantsCache.delete(userId);
    else this.grantsCache.clear();
    for (const listener of this.listeners) listener();
  }
}

const toPermsType = (value: string): '1' | '2' => (value === '2' ? '2' : '1');

/**
 * The button marks the user holds, grouped by the menu they sit under (meta.permissionList).
 * Only marks the spec's `has` rule honours are listed (enabled, type other than "2"): the
 * console shows a menu naming marks only when one of them passes that rule, so a
 * disable-only mark must not make its menu disappear.
 */
function heldButtonsByMenu(rows: readonly PermissionRow[], t: (key: string) => string) {
  const byMenu = new Map<string, AuthEntry[]>();
  for (const row of rows) {
    if (row.menu_type !== 2 || !row.parent_id || !row.perms || row.status !== '1') continue;
    if (toPermsType(row.perms_type) === '2') continue;
    const list = byMenu.get(row.parent_id) ?? [];
    list.push({ action: row.perms, type: '1', describe: t(row.name) });
    byMenu.set(row.parent_id, list);
  }
  return byMenu;
}

/** Builds the console's menu tree from permission rows (already ordered by sort_no). */
export function buildMenuTree(
  rows: PermissionRow[],
  t: (key: string) => string,
  buttons: ReadonlyMap<string, AuthEntry[]> = new Map(),
): MenuNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string | null, PermissionRow[]>();
  for (const row of rows) {
    // A menu whose parent the user cannot see is dropped rather than shown at the top.
    const parent = row.parent_id && ids.has(row.parent_id) ? row.parent_id : row.parent_id ? undefined : null;
    if (parent === undefined) continue;
    const list = children.get(parent) ?? [];
    list.push(row);
    children.set(parent, list);
  }
  const toNode = (row: PermissionRow, topLevel: boolean): MenuNode => {
    const url = row.url ?? '';
    const isExternal = /^https?:\/\//.test(url) || url.includes('{{');
    const node: MenuNode = {
      id: row.id,
      path: isExternal ? `/ext-${createHash('md5').update(url).digest('hex').slice(0, 16)}` : url,
      name: row.component_name || url.replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@'),
      component: row.component ?? 'layouts/RouteView',
      route: row.is_route ? '1' : '0',
      meta: {
        title: t(row.name),
        keepAlive: row.keep_alive,
        internalOrExternal: row.internal_or_external,
        ...(row.icon ? { icon: row.icon } : {}),
        ...(isExternal ? { url } : {}),
        ...(row.component_name ? { componentName: row.component_name } : {}),
      },
    };
    const marks = buttons.get(row.id);
    if (marks?.length) node.meta.permissionList = marks;
    if (row.hidden) node.hidden = true;
    if (row.always_show) node.alwaysShow = true;
    if (topLevel && row.redirect) node.redirect = row.redirect;
    const kids = (children.get(row.id) ?? []).map((c) => toNode(c, false));
    if (kids.length > 0) {
      node.children = kids;
      if (kids.every((k) => k.hidden)) node.hidden = true;
    }
    return node;
  };
  return (children.get(null) ?? []).map((r) => toNode(r, true));
}
