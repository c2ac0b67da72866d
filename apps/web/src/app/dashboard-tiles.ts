import { lightingTiles } from '../features/lighting';
import { registerDashboardTiles } from '../shared/ui/dashboard-tile';

/**
 * Tiles the modules add to the home page (like the view registry, the app wires features
 * together here). A module defines its tiles, each loading lazily and fetching its own
 * figures, and exports them from its index.ts, e.g. `features/lighting/dashboard-tiles.ts`.
 */
registerDashboardTiles(...lightingTiles);
