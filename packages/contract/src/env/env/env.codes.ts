import type { Texts } from '../../texts';

/** The values an environment sensor reports, with their units. */
export const envMetrics = [
  'temperature',
  'humidity',
  'pm25',
  'pm10',
  'noise',
  'illuminance',
  'windSpeed',
  'windDirection',
  'pressure',
] as const;
export type EnvMetric = (typeof envMetrics)[number];

export const envMetricUnits: Record<EnvMetric, string> = {
  temperature: '°C',
  humidity: '%',
  pm25: 'µg/m³',
  pm10: 'µg/m³',
  noise: 'dB(A)',
  illuminance: 'lx',
  windSpeed: 'm/s',
  windDirection: '°',
  pressure: 'hPa',
};

/** Each metric's name, [zh-CN, en-US] (alarm codes, exports). */
export const envMetricTexts: Record<EnvMetric, Texts> = {
  temperature: ['温度', 'Temperature'],
  humidity: ['湿度', 'Humidity'],
  pm25: ['PM2.5', 'PM2.5'],
  pm10: ['PM10', 'PM10'],
  noise: ['噪声', 'Noise'],
  illuminance: ['照度', 'Illuminance'],
  windSpeed: ['风速', 'Wind speed'],
  windDirection: ['风向', 'Wind direction'],
  pressure: ['气压', 'Pressure'],
};

/** Air-quality categories of China's HJ 633-2012, best first. */
export const aqiCategories = ['excellent', 'good', 'light', 'moderate', 'heavy', 'severe'] as const;
export type AqiCategory = (typeof aqiCategories)[number];

/** HJ 633 breakpoints: IAQI and the 24-hour concentration (µg/m³) at each. */
const IAQI = [0, 50, 100, 150, 200, 300, 400, 500];
const BREAKPOINTS: Record<'pm25' | 'pm10', number[]> = {
  pm25: [0, 35, 75, 115, 150, 250, 350, 500],
  pm10: [0, 50, 150, 250, 350, 420, 500, 600],
};

/** The individual air-quality index of one pollutant (linear between breakpoints, capped at 500). */
export function iaqi(pollutant: 'pm25' | 'pm10', concentration: number): number {
  const bp = BREAKPOINTS[pollutant];
  if (!(concentration > 0)) return 0;
  for (let i = 1; i < bp.length; i++) {
    if (concentration <= bp[i]!) {
      const [cLo, cHi, iLo, iHi] = [bp[i - 1]!, bp[i]!, IAQI[i - 1]!, IAQI[i]!];
      return Math.ceil(((iHi - iLo) / (cHi - cLo)) * (concentration - cLo) + iLo);
    }
  }
  return 500;
}

/** The category of an AQI value (HJ 633: 0–50 excellent … above 300 severe). */
export function aqiCategory(aqi: number): AqiCategory {
  if (aqi <= 50) return 'excellent';
  if (aqi <= 100) return 'good';
  if (aqi <= 150) return 'light';
  if (aqi <= 200) return 'moderate';
  if (aqi <= 300) return 'heavy';
  return 'severe';
}

export type AirQuality = { aqi: number; category: AqiCategory; primary: 'pm25' | 'pm10' | null };

/** The AQI from PM2.5 and PM10 (the larger IAQI; the primary pollutant when above 50). */
export function airQuality(
  pm25: number | null | undefined,
  pm10: number | null | undefined,
): AirQuality | null {
  if (pm25 == null && pm10 == null) return null;
  const a = pm25 == null ? 0 : iaqi('pm25', pm25);
  const b = pm10 == null ? 0 : iaqi('pm10', pm10);
  const aqi = Math.max(a, b);
  const primary = aqi <= 50 ? null : a >= b ? 'pm25' : 'pm10';
  return { aqi, category: aqiCategory(aqi), primary };
}
