import { z } from 'zod';
import { alarmSeverities } from '../../alarm/alarm/alarm.codes';
import { pageQuerySchema } from '../../page-query.schemas';
import { textInput } from '../../text-input.schemas';
import { envMetrics } from './env.codes';

const id = textInput().trim().min(1).max(64);
const time = textInput().datetime({ offset: true });

export const envSensorListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  keyword: textInput().trim().max(100).optional(),
  online: z.enum(['0', '1']).optional(),
});

export const envHistoryQuerySchema = z
  .object({
    /** Comma-separated sensor ids (at most 8, to compare). */
    sensorIds: textInput()
      .min(1)
      .max(8 * 65)
      .transform((s) => s.split(',').filter(Boolean))
      .refine((list) => list.length >= 1 && list.length <= 8, 'form.sensors.count'),
    metric: z.enum(envMetrics),
    from: time,
    to: time,
    /** Default: raw up to two days, hourly up to 60 days, daily beyond. */
    granularity: z.enum(['raw', 'hour', 'day']).optional(),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'form.range.order', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'form.range.too_long',
    path: ['to'],
  });

export const envThresholdListQuerySchema = z.object({ projectId: id, sensorId: id.optional() });

export const envThresholdSaveSchema = z.object({
  /** Absent: a new threshold. */
  id: id.optional(),
  projectId: id,
  /** Absent: every sensor of the project. */
  sensorId: id.nullable().default(null),
  metric: z.enum(envMetrics),
  comparison: z.enum(['gt', 'lt']),
  value: z.number().min(-1e6).max(1e6),
  /** Beyond the limit this long before the alarm is raised. */
  durationSeconds: z.number().int().min(0).max(86_400).default(60),
  /** Back within the limit by this margin before the alarm clears. */
  hysteresis: z.number().min(0).max(1e6).default(0),
  severity: z.enum(alarmSeverities).default('warning'),
  enabled: z.boolean().default(true),
});
export const envThresholdDeleteSchema = z.object({ id });

export const envRouteSchemas = {
  sensors: { query: envSensorListQuerySchema },
  history: { query: envHistoryQuerySchema },
  historyExport: { query: envHistoryQuerySchema },
  thresholds: { query: envThresholdListQuerySchema },
  thresholdSave: { body: envThresholdSaveSchema },
  thresholdDelete: { query: envThresholdDeleteSchema },
};
