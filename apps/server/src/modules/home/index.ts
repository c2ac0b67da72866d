import type { FastifyInstance } from 'fastify';
import type { AccessGuard } from '../../http/routes';
import type { LogService } from '../log';
import { registerHomeRoutes } from './home.routes';
import { HomeService } from './home.service';

/** The home page's counters: no table of its own, its figures come from the log module. */
export function createHomeModule(deps: { logs: LogService }) {
  const service = new HomeService(deps.logs);
  return {
    service,
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) => registerHomeRoutes(api, guard, service),
  };
}
