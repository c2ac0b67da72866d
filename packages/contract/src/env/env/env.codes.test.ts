import { describe, expect, it } from 'vitest';
import { airQuality, aqiCategory, iaqi } from './env.codes';

describe('air quality (HJ 633-2012)', () => {
  it('interpolates between breakpoints and rounds up', () => {
    expect(iaqi('pm25', 35)).toBe(50);
    expect(iaqi('pm25', 75)).toBe(100);
    expect(iaqi('pm25', 55)).toBe(75);
    expect(iaqi('pm10', 150)).toBe(100);
    expect(iaqi('pm10', 51)).toBe(51);
    expect(iaqi('pm25', 900)).toBe(500);
    expect(iaqi('pm25', 0)).toBe(0);
  });

  it('takes the worse pollutant and names it only above 50', () => {
    expect(airQuality(20, 30)).toEqual({ aqi: 30, category: 'excellent', primary: null });
    expect(airQuality(120, 60)).toEqual({ aqi: 158, category: 'moderate', primary: 'pm25' });
    expect(airQuality(10, 300)).toEqual({ aqi: 175, category: 'moderate', primary: 'pm10' });
    expect(airQuality(null, null)).toBeNull();
  });

  it('puts each band in its category', () => {
    expect([50, 51, 100, 101, 150, 151, 200, 201, 300, 301].map(aqiCategory)).toEqual([
      'excellent',
      'good',
      'good',
      'light',
      'light',
      'moderate',
      'moderate',
      'heavy',
      'heavy',
      'severe',
    ]);
  });
});
