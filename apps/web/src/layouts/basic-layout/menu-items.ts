import type { MenuNode } from '@ics/contract';

/** A visible menu entry (hidden entries and groups whose children are all hidden are skipped). */
export type MenuEntry = {
  key: string;
  title: string;
  icon?: string;
  /** External target (meta.url with internalOrExternal) opened in a new tab. */
  external?: string;
  /** The menu's component name (`system/UserList`, `layouts/RouteView`, ...). */
  component?: string;
  /** meta.url as the server sent it (iframe pages). */
  url?: string;
  children?: MenuEntry[];
};

/** Whether the user may see a menu node: nodes naming marks in meta.permissionList need one of them. */
export type MenuAccess = (node: MenuNode) => boolean;

const everyone: MenuAccess = () => true;

export function visibleMenu(
  nodes: readonly MenuNode[] | undefined,
  canSee: MenuAccess = everyone,
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const node of nodes ?? []) {
    if (node.hidden || !canSee(node)) continue;
    const hasChildren = (node.children?.length ?? 0) > 0;
    const children = visibleMenu(node.children, canSee);
    if (hasChildren && children.length === 0 && !node.alwaysShow) continue;
    const url = node.meta?.url;
    entries.push({
      key: node.path,
      title: node.meta?.title ?? node.name,
      ...(node.meta?.icon ? { icon: node.meta.icon } : {}),
      ...(node.meta?.internalOrExternal && url && /^https?:\/\//i.test(url) ? { external: url } : {}),
      ...(node.component ? { component: node.component } : {}),
      ...(url ? { url } : {}),
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

const isIframe = (entry: MenuEntry) => (entry.component ?? '').includes('IframePageView');
/** Group layouts (RouteView and friends) are not pages; the iframe layout is. */
const isGroupLayout = (entry: MenuEntry) => (entry.component ?? '').includes('layouts') && !isIframe(entry);

/** Entries the header search offers: visible pages (no group layouts), depth first. */
export function searchableEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (!isGroupLayout(entry) && !entry.children?.length) out.push(entry);
    if (entry.children) out.push(...searchableEntries(entry.children));
  }
  return out;
}

/** Title contains the query, ignoring case (spec §2). */
export function matchesTitle(entry: Pick<MenuEntry, 'title'>, query: string): boolean {
  return entry.title.toLowerCase().includes(query.trim().toLowerCase());
}

/** Where a chosen entry goes: a URL for a new tab (external or iframe pages), or a path. */
export function entryTarget(entry: MenuEntry): { newTab: string } | { path: string } {
  if (entry.external) return { newTab: entry.external };
  if (isIframe(entry) && entry.url && /^https?:\/\//i.test(entry.url)) return { newTab: entry.url };
  return { path: entry.key };
}
