import type { ComponentType } from 'react';
import '../features/lighting/locales';
import { type DashboardTile, registerDashboardTiles } from '../shared/ui/dashboard-tile';

/**
 * Tiles the modules add to the home page (like the view registry, the app wires features
 * together here). Each tile loads lazily and fetches its own figures, e.g.
 *
 *   registerDashboardTiles({
 *     key: 'lighting.lamps', order: 10, title: { ns: 'lighting', key: 'tiles.lamps' },
 *     mark: 'lighting:lamp:list', load: () => import('../features/lighting/components/lamp-tile'),
 *   });
 */
// Street lighting: the tile titles live in the lighting namespace, registered here so the
// card titles are translated before the tiles load.
const lightingTile = (
  key: string,
  order: number,
  load: () => Promise<{ default: ComponentType }>,
): DashboardTile => ({ key: `lighting.${key}`, order, title: { ns: 'lighting', key: `tiles.${key}` }, load });
const overview = () => import('../features/lighting/components/overview-tiles');

registerDashboardTiles(
  lightingTile('lampTotal', 10, () => overview().then((m) => ({ default: m.LampTotalTile }))),
  lightingTile('onlineRate', 11, () => overview().then((m) => ({ default: m.OnlineRateTile }))),
  lightingTile('lightingRate', 12, () => overview().then((m) => ({ default: m.LightingRateTile }))),
  lightingTile('todayEnergy', 13, () => overview().then((m) => ({ default: m.TodayEnergyTile }))),
  lightingTile('openFaults', 14, () => overview().then((m) => ({ default: m.OpenFaultsTile }))),
);
