import { homeRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { type AccessGuard, addRoute } from '../../http/routes';
import type { HomeService } from './home.service';

export type HomeModuleDeps = { guard: AccessGuard; home: HomeService };

/** Home-page counters (`/sys/loginfo`, `/sys/visitInfo`). */
export function registerHomeRoutes(app: FastifyInstance, deps: HomeModuleDeps): void {
  addRoute(app, deps.guard, routes.loginfo, () => deps.home.logInfo());
  addRoute(app, deps.guard, routes.visitInfo, () => deps.home.visitInfo());
}
