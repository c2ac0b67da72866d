import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { AccessGuard } from '../../http/routes';
import { registerMessages } from '../../lib/messages';
import { envMessages } from './env.messages';
import { EnvRepository } from './env.repository';
import { registerEnvRoutes } from './env.routes';
import { type EnvPorts, EnvService } from './env.service';
import { EnvThresholds } from './env-thresholds';

export type EnvModuleDeps = { db: Database } & EnvPorts;

/**
 * Environment monitoring (env_threshold): sensors of the device module with their latest values
 * and air quality, their history, and the thresholds alarm rules read through `thresholds`.
 */
export function createEnvModule({ db, ...ports }: EnvModuleDeps) {
  registerMessages(envMessages);
  const repo = new EnvRepository(db);
  const thresholds = new EnvThresholds(repo);
  const service = new EnvService(repo, thresholds, ports);
  return {
    service,
    /** What the alarm module reads: each project's and sensor's limits, and when they change. */
    thresholds,
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) => registerEnvRoutes(api, guard, service),
  };
}
