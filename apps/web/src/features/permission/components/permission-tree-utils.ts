import type { PermissionTreeNode } from '@ics/contract';

/** Every key of a tree, depth first. */
export function allKeys(nodes: readonly PermissionTreeNode[] | undefined): string[] {
  const out: string[] = [];
  const walk = (list: readonly PermissionTreeNode[] | undefined) => {
    for (const n of list ?? []) {
      out.push(n.key);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** Keys of the nodes with children. */
export function parentKeys(nodes: readonly PermissionTreeNode[] | undefined): string[] {
  const out: string[] = [];
  const walk = (list: readonly PermissionTreeNode[] | undefined) => {
    for (const n of list ?? []) {
      if (n.children?.length) {
        out.push(n.key);
        walk(n.children);
      }
    }
  };
  walk(nodes);
  return out;
}

/**
 * How granted ids show in a tree whose parents follow their children: only leaves are
 * checked (parents become checked or half-checked by themselves). When a granted parent has
 * no granted descendant the linked view cannot show it, so the tree starts unlinked.
 */
export function initialChecked(
  nodes: readonly PermissionTreeNode[] | undefined,
  granted: readonly string[],
): { linked: boolean; checked: string[] } {
  const set = new Set(granted);
  let linked = true;
  const leaves: string[] = [];
  const walk = (list: readonly PermissionTreeNode[] | undefined): boolean => {
    let any = false;
    for (const n of list ?? []) {
      const kids = n.children ?? [];
      if (kids.length === 0) {
        if (set.has(n.key)) {
          leaves.push(n.key);
          any = true;
        }
        continue;
      }
      const below = walk(kids);
      if (set.has(n.key) && !below) linked = false;
      if (below || set.has(n.key)) any = true;
    }
    return any;
  };
  walk(nodes);
  return linked ? { linked, checked: leaves } : { linked, checked: [...set] };
}

/** The ids to save: checked plus half-checked (a granted button needs its menus). */
export function idsToSave(checked: readonly string[], halfChecked: readonly string[]): string[] {
  return [...new Set([...checked, ...halfChecked])];
}
