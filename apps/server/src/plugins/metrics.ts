import { timingSafeEqual } from 'node:crypto';
import { type CommandStatus, healthRoutes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type AccessGuard, addRoute } from '../http/routes';
import { AppError } from '../lib/errors';

/** Counters of ingestion since the process started (the device runtime's). */
export type IngestCounters = {
  readings: number;
  stored: number;
  invalid: number;
  dropped: number;
  heldBack: number;
  flushErrors: number;
};

/** What the metrics read: each source is asked at scrape time, or tells as things happen. */
export type MetricsSources = {
  ingest(): { counters: IngestCounters; backlog: number } | null;
  onCommandOutcome(listener: (status: CommandStatus) => void): () => void;
  onCommandRoundTrip(listener: (ms: number) => void): () => void;
  websocketClients(): number;
  databasePool(): { total: number; idle: number; waiting: number } | null;
};

/** A counter that follows a total kept elsewhere (Prometheus counters only ever add). */
function followingCounter(registry: Registry, name: string, help: string, read: () => number | undefined) {
  let last = 0;
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now === undefined) return;
      if (now > last) this.inc(now - last);
      last = now;
    },
  });
}

function deviceMetrics(registry: Registry, sources: MetricsSources): () => void {
  const ingest = () => sources.ingest();
  const counter = (name: string, help: string, key: keyof IngestCounters) =>
    followingCounter(registry, name, help, () => ingest()?.counters[key]);
  counter('ics_readings_accepted_total', 'Readings accepted from devices', 'readings');
  counter('ics_readings_stored_total', 'Readings written to the history tables', 'stored');
  counter('ics_readings_invalid_total', 'Device messages refused as invalid', 'invalid');
  counter('ics_readings_dropped_total', 'Readings dropped past the buffer limit', 'dropped');
  counter(
    'ics_ingest_held_back_total',
    'Device messages whose sender was held back (backpressure)',
    'heldBack',
  );
  counter('ics_ingest_flush_errors_total', 'Failed writes of buffered readings (retried)', 'flushErrors');
  new Gauge({
    name: 'ics_ingest_backlog_readings',
    help: 'Readings received and not yet stored',
    registers: [registry],
    collect() {
      this.set(ingest()?.backlog ?? 0);
    },
  });
  const outcomes = new Counter({
    name: 'ics_commands_total',
    help: 'Command outcomes recorded by this node, by status',
    labelNames: ['status'],
    registers: [registry],
  });
  const roundTrip = new Histogram({
    name: 'ics_command_round_trip_seconds',
    help: 'From publishing a command to recording its ack (commands sent and acked through this node)',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const stops = [
    sources.onCommandOutcome((status) => outcomes.inc({ status })),
    sources.onCommandRoundTrip((ms) => roundTrip.observe(ms / 1000)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

function platformMetrics(registry: Registry, sources: MetricsSources): void {
  new Gauge({
    name: 'ics_websocket_clients',
    help: 'Console WebSocket connections open on this node',
    registers: [registry],
    collect() {
      this.set(sources.websocketClients());
    },
  });
  new Gauge({
    name: 'ics_db_pool_connections',
    help: 'Connections of the API database pool, by state (PostgreSQL only)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.databasePool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics at `GET /metrics` (under the API base path): HTTP requests by route and
 * status with their latency, ingestion, commands, WebSocket clients, the database pool, and the
 * process (event-loop delay, heap, RSS, GC). Served only with `ICS_METRICS_TOKEN` set, to a
 * scraper sending it as a bearer token; without the setting the route answers 404.
 */
export function createMetrics(
  app: FastifyInstance,
  options: { token: string | undefined; sources: MetricsSources },
): { registerRoute(api: FastifyInstance, guard: AccessGuard): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ics_' });
  const requests = new Histogram({
    name: 'ics_http_request_duration_seconds',
    help: 'HTTP requests by method, route and status, with their duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  const stopDevices = deviceMetrics(registry, options.sources);
  platformMetrics(registry, options.sources);
  app.addHook('onClose', async () => stopDevices());

  return {
    registerRoute(api, guard) {
      addRoute(api, guard, healthRoutes.metrics, async (ctx) => {
        const { token } = options;
        if (!token) throw new AppError(404, 'error.not_found');
        const header = ctx.request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!sameToken(given, token)) throw new AppError(401, 'auth.token_invalid');
        return ctx.reply.type(registry.contentType).send(await registry.metrics());
      });
    },
  };
}
