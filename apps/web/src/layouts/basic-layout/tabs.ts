import type { RouteHandle } from '../../shared/lib/routing/route-handle';

/** An open page of the multi-page tab strip, keyed by its path. */
export type PageTab = { key: string; handle?: RouteHandle };

export type CloseRefusal = 'home' | 'last';
export type TabChange = { tabs: PageTab[]; refused?: CloseRefusal };

/** Adds the page at the end unless it is open already (then only its handle is refreshed). */
export function openTab(tabs: readonly PageTab[], tab: PageTab): PageTab[] {
  const index = tabs.findIndex((t) => t.key === tab.key);
  if (index === -1) return [...tabs, tab];
  if (tab.handle && tabs[index]?.handle !== tab.handle) {
    const next = [...tabs];
    next[index] = { ...tabs[index]!, handle: tab.handle };
    return next;
  }
  return tabs as PageTab[];
}

/**
 * Closes one page (spec §2): the home page is never closed, nor the last remaining page.
 */
export function closeTab(tabs: readonly PageTab[], key: string, homeKey: string): TabChange {
  if (key === homeKey) return { tabs: [...tabs], refused: 'home' };
  if (tabs.length <= 1) return { tabs: [...tabs], refused: 'last' };
  return { tabs: tabs.filter((t) => t.key !== key) };
}

/** Closes the pages left of `key` (the home page stays). */
export function closeLeft(tabs: readonly PageTab[], key: string, homeKey: string): PageTab[] {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1) return [...tabs];
  return tabs.filter((t, i) => i >= index || t.key === homeKey);
}

/** Closes the pages right of `key` (the home page stays). */
export function closeRight(tabs: readonly PageTab[], key: string, homeKey: string): PageTab[] {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1) return [...tabs];
  return tabs.filter((t, i) => i <= index || t.key === homeKey);
}

/** Closes every page but `key` (and the home page). */
export function closeOthers(tabs: readonly PageTab[], key: string, homeKey: string): PageTab[] {
  return tabs.filter((t) => t.key === key || t.key === homeKey);
}

/** The page to show after closing `closed`: its right neighbour, else its left one. */
export function neighbourAfterClose(
  before: readonly PageTab[],
  after: readonly PageTab[],
  closed: string,
): string | undefined {
  const index = before.findIndex((t) => t.key === closed);
  const candidates = [...before.slice(index + 1), ...before.slice(0, index).reverse()];
  return candidates.find((t) => after.some((a) => a.key === t.key))?.key ?? after.at(-1)?.key;
}
