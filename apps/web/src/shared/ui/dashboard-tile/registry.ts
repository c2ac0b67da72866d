import type { ComponentType } from 'react';

/**
 * A tile of the home page that a module contributes (e.g. lamps online, open alarms). The
 * component loads lazily and fetches its own figures; it renders inside a card with `title`.
 */
export type DashboardTile = {
  key: string;
  /** Lower comes first. */
  order: number;
  /** i18n key and namespace of the card title (the namespace loads with the component). */
  title: { ns: string; key: string } | string;
  /** Authorisation mark needed to see the tile (optional). */
  mark?: string;
  load: () => Promise<{ default: ComponentType }>;
};

const tiles = new Map<string, DashboardTile>();

/** Adds (or replaces) tiles; call it from `app/dashboard-tiles.ts`. */
export function registerDashboardTiles(...list: DashboardTile[]): void {
  for (const tile of list) tiles.set(tile.key, tile);
}

export function dashboardTiles(): DashboardTile[] {
  return [...tiles.values()].sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}
