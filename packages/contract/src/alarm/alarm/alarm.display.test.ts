import { describe, expect, it } from 'vitest';
import { alarmCodeText } from './alarm.display';

describe('alarm codes in words', () => {
  it('names platform codes, thresholds and fault flags in both languages', () => {
    expect(alarmCodeText('gateway_offline', 'zh-CN')).toBe('网关离线');
    expect(alarmCodeText('gateway_offline', 'en-US')).toBe('Gateway offline');
    expect(alarmCodeText('pm25_high', 'zh-CN')).toBe('PM2.5过高');
    expect(alarmCodeText('temperature_low', 'en-US')).toBe('Temperature too low');
    expect(alarmCodeText('controlGearCommFailure', 'zh-CN')).toBe('驱动通信故障');
  });

  it('shows a code it does not know as it came, built-in property names included', () => {
    expect(alarmCodeText('vendorSpecific42', 'en-US')).toBe('vendorSpecific42');
    expect(alarmCodeText('constructor', 'en-US')).toBe('constructor');
    expect(alarmCodeText('toString_high', 'zh-CN')).toBe('toString_high');
  });
});
