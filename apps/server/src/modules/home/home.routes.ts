import { homeRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { type AccessGuard, addRoute } from '../../http/routes';
import type { HomeService } from './home.service';

/** Home-page counters (`/sys/loginfo`, `/sys/visitInfo`). */
export function registerHomeRoutes(app: FastifyInstance, guard: AccessGuard, home: HomeService): void {
  addRoute(app, guard, routes.loginfo, () => home.logInfo());
  addRoute(app, guard, routes.visitInfo, () => home.visitInfo());
}
