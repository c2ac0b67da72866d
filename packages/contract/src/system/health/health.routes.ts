import { defineRoute } from '../../route';

/** The parts a node needs to serve: its database, the device broker, Redis when configured, its migrations. */
export type HealthPart = 'database' | 'broker' | 'redis' | 'migrations';

/**
 * Whether a node can serve, for load balancers and orchestrators. Only `ok` or `failing` per
 * part: no versions, addresses or error texts (the endpoints are open to anyone).
 */
export type HealthReport = {
  status: 'ok' | 'unavailable';
  checks: Partial<Record<HealthPart, 'ok' | 'failing'>>;
};

const tag = 'health';

export const healthRoutes = {
  live: defineRoute<{ status: 'ok' }>({
    method: 'GET',
    path: '/health/live',
    access: 'public',
    summary: 'The process answers (for restarts: it is alive even while a dependency is down)',
    tag,
  }),
  ready: defineRoute<HealthReport>({
    method: 'GET',
    path: '/health/ready',
    access: 'public',
    summary: 'The node can serve: 200, or 503 naming the failing parts (for load balancers)',
    tag,
  }),
  /** Prometheus text format; needs `Authorization: Bearer <ICS_METRICS_TOKEN>`, 404 without that setting. */
  metrics: defineRoute<string>({
    method: 'GET',
    path: '/metrics',
    access: 'public',
    summary: 'Prometheus metrics of this node (bearer token ICS_METRICS_TOKEN)',
    tag,
  }),
} as const;
