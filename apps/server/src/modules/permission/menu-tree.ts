import { createHash } from 'node:crypto';
import type { AuthEntry, MenuNode, PermissionTreeNode } from '@ics/contract/server';
import type { Translate } from '../i18n';
import type { PermissionRow, TreeRow } from './permission.repository';

export const toPermsType = (value: string): '1' | '2' => (value === '2' ? '2' : '1');

/**
 * The button marks the user holds, grouped by the menu they sit under (meta.permissionList).
 * Only marks the spec's `has` rule honours are listed (enabled, type other than "2"): the
 * console shows a menu naming marks only when one of them passes that rule, so a
 * disable-only mark must not make its menu disappear.
 */
export function heldButtonsByMenu(rows: readonly PermissionRow[], t: Translate) {
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
  t: Translate,
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

/** Permissions as tree-select nodes (role and department authorisation). */
export function grantTree(rows: TreeRow[], t: Translate): { treeList: PermissionTreeNode[]; ids: string[] } {
  const ids = new Set(rows.map((r) => r.id));
  const nodes = new Map<string, PermissionTreeNode>(
    rows.map((r) => [
      r.id,
      { key: r.id, title: t(r.name), isLeaf: true, parentId: r.parent_id, ruleFlag: r.rule_flag },
    ]),
  );
  const roots: PermissionTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id && ids.has(r.parent_id) ? nodes.get(r.parent_id) : undefined;
    if (parent) {
      parent.isLeaf = false;
      parent.children = [...(parent.children ?? []), node];
    } else roots.push(node);
  }
  return { treeList: roots, ids: [...ids] };
}
