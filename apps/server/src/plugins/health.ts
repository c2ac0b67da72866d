import { type HealthPart, type HealthReport, healthRoutes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from '../http/envelope';
import { type AccessGuard, addRoute } from '../http/routes';
import { defineMessages, registerMessages, translate } from '../lib/messages';

/** One part a node needs to serve, and how to tell that it works now. */
export type HealthProbe = { part: HealthPart; check(): boolean | Promise<boolean> };

/** A probe that has not answered in this time counts as failing: a hung database is down. */
const PROBE_TIMEOUT_MS = 2_000;

const healthMessages = defineMessages({
  zhCN: { 'health.unavailable': '服务暂不可用：{parts}' },
  enUS: { 'health.unavailable': 'Not ready: {parts}' },
});

async function passes(probe: HealthProbe): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve(probe.check()), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health/live` (the process answers) and `GET /health/ready` (every probe passes: 200;
 * else 503 naming the failing parts). Open to anyone, cheap, and telling nothing but the names
 * of the parts.
 */
export function registerHealthRoutes(api: FastifyInstance, guard: AccessGuard, probes: HealthProbe[]): void {
  registerMessages(healthMessages);
  addRoute(api, guard, healthRoutes.live, () => ({ status: 'ok' as const }));
  addRoute(api, guard, healthRoutes.ready, async (ctx) => {
    const results = await Promise.all(probes.map(async (p) => [p.part, await passes(p)] as const));
    const checks: HealthReport['checks'] = Object.fromEntries(
      results.map(([part, ok]) => [part, ok ? 'ok' : 'failing']),
    );
    const failing = results.filter(([, ok]) => !ok).map(([part]) => part);
    if (failing.length === 0) return { status: 'ok', checks } satisfies HealthReport;
    const report: HealthReport = { status: 'unavailable', checks };
    const message = translate(ctx.lang, 'health.unavailable', { parts: failing.join(', ') });
    return ctx.reply.status(503).send(errorEnvelope(503, message, 'health.unavailable', report));
  });
}
