import { type EnvMetric, envMetricTexts, envMetricUnits, envRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { replyXlsx } from '../../http/list-query';
import { type AccessGuard, addRoute, withMessage } from '../../http/routes';
import type { EnvService } from './env.service';

function exportColumns(metric: EnvMetric) {
  const [zh, en] = envMetricTexts[metric];
  const unit = envMetricUnits[metric];
  return {
    columns: {
      sensor: { column: 'sensor', title: ['传感器', 'Sensor'] as const },
      time: { column: 'time', title: ['时间', 'Time'] as const },
      value: { column: 'value', title: [`${zh} (${unit})`, `${en} (${unit})`] as const },
    },
  };
}

export function registerEnvRoutes(app: FastifyInstance, guard: AccessGuard, env: EnvService): void {
  const me = (c: { userId: string; username: string } | null) => c!;

  addRoute(app, guard, routes.sensors, ({ caller, query }) => env.sensors(me(caller).userId, query));

  addRoute(app, guard, routes.history, ({ caller, query }) => env.history(me(caller).userId, query));

  addRoute(app, guard, routes.historyExport, async ({ caller, query, reply, lang }) => {
    const history = await env.history(me(caller).userId, query);
    await replyXlsx(reply, lang, exportColumns(query.metric), env.exportRows(history), {
      'zh-CN': `环境历史数据-${envMetricTexts[query.metric][0]}`,
      'en-US': `environment-history-${query.metric}`,
    });
    return null;
  });

  addRoute(app, guard, routes.thresholds, ({ caller, query }) => env.thresholds(me(caller).userId, query));

  addRoute(app, guard, routes.thresholdSave, async ({ caller, body }) =>
    withMessage(await env.saveThreshold(me(caller), body), 'env.threshold_saved'),
  );

  addRoute(app, guard, routes.thresholdDelete, async ({ caller, query }) => {
    await env.deleteThreshold(me(caller).userId, query.id);
    return withMessage(null, 'env.threshold_deleted');
  });
}
