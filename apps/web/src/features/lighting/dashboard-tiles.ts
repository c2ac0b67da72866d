import type { ComponentType } from 'react';
import type { DashboardTile } from '../../shared/ui/dashboard-tile';
// The tile titles live in the lighting namespace: registered with the tiles, so the cards are
// titled before the tiles' code loads.
import './locales';

const overview = () => import('./components/overview-tiles');
const tile = (
  key: string,
  order: number,
  load: () => Promise<{ default: ComponentType }>,
): DashboardTile => ({
  key: `lighting.${key}`,
  order,
  title: { ns: 'lighting', key: `tiles.${key}` },
  load,
});

/** The street lighting tiles of the home page (all read one overview query). */
export const lightingTiles: DashboardTile[] = [
  tile('lampTotal', 10, () => overview().then((m) => ({ default: m.LampTotalTile }))),
  tile('onlineRate', 11, () => overview().then((m) => ({ default: m.OnlineRateTile }))),
  tile('lightingRate', 12, () => overview().then((m) => ({ default: m.LightingRateTile }))),
  tile('todayEnergy', 13, () => overview().then((m) => ({ default: m.TodayEnergyTile }))),
  tile('openFaults', 14, () => overview().then((m) => ({ default: m.OpenFaultsTile }))),
];
