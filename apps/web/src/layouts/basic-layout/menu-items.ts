import type { MenuNode } from '@ics/contract';

/** A visible menu entry (hidden entries and groups whose children are all hidden are skipped). */
export type MenuEntry = {
  key: string;
  title: string;
  icon?: string;
  /** External target (meta.url with internalOrExternal) opened in a new tab. */
  external?: string;
  children?: MenuEntry[];
};

export function visibleMenu(nodes: readonly MenuNode[] | undefined): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const node of nodes ?? []) {
    if (node.hidden) continue;
    const hasChildren = (node.children?.length ?? 0) > 0;
    const children = visibleMenu(node.children);
    if (hasChildren && children.length === 0 && !node.alwaysShow) continue;
    const url = node.meta?.url;
    entries.push({
      key: node.path,
      title: node.meta?.title ?? node.name,
      ...(node.meta?.icon ? { icon: node.meta.icon } : {}),
      ...(node.meta?.internalOrExternal && url && /^https?:\/\//i.test(url) ? { external: url } : {}),
      ...(children.length ? { children } : {}),
    });
  }
  return entries;
}

/** Keys of the groups above the entry for `pathname` (to open them), outermost first. */
export function parentKeys(entries: readonly MenuEntry[], pathname: string): string[] {
  for (const entry of entries) {
    if (entry.key === pathname) return [];
    if (entry.children) {
      const below = parentKeys(entry.children, pathname);
      if (below.length || entry.children.some((c) => c.key === pathname)) return [entry.key, ...below];
    }
  }
  return [];
}

export function findEntry(entries: readonly MenuEntry[], key: string): MenuEntry | undefined {
  for (const entry of entries) {
    if (entry.key === key) return entry;
    const found = entry.children ? findEntry(entry.children, key) : undefined;
    if (found) return found;
  }
  return undefined;
}
