import { type EnvMetric, envMetricUnits } from '@ics/contract';

/** Decimals each metric is shown with. */
const DIGITS: Record<EnvMetric, number> = {
  temperature: 1,
  humidity: 0,
  pm25: 0,
  pm10: 0,
  noise: 1,
  illuminance: 0,
  windSpeed: 1,
  windDirection: 0,
  pressure: 1,
};

/** A metric's value with its usual decimals, or a dash without one. */
export function formatValue(metric: EnvMetric, value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  return value.toFixed(DIGITS[metric]);
}

/** A metric's value with its unit, or a dash without one. */
export function formatMetric(metric: EnvMetric, value: number | null | undefined): string {
  const text = formatValue(metric, value);
  return text === '—' ? text : `${text} ${envMetricUnits[metric]}`;
}
