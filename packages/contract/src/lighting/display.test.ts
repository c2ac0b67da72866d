import { describe, expect, it } from 'vitest';
import { commandNames, lampFaultCodes } from './device/protocol';
import {
  COMMAND_TEXTS,
  describeCommand,
  faultText,
  formatCoordinate,
  formatReading,
  LAMP_FAULT_TEXTS,
  reasonText,
} from './display';

describe('lighting display', () => {
  it('rounds coordinates to 6 places and readings to their precision', () => {
    expect(formatCoordinate(117.16824899999999)).toBe('117.168249');
    expect(formatCoordinate('31.8')).toBe('31.800000');
    expect(formatCoordinate(null)).toBe('—');
    expect(formatReading('voltage', 229.96000000000001)).toBe('230.0');
    expect(formatReading('current', 0.43100000000000005)).toBe('0.43');
    expect(formatReading('power', 98.76543, true)).toBe('98.8 W');
    expect(formatReading('energy', 12.345678, true)).toBe('12.35 kWh');
    expect(formatReading('powerFactor', 0.9512)).toBe('0.95');
    expect(formatReading('power', Number.NaN)).toBe('—');
  });

  it('names every fault flag and command in both languages', () => {
    for (const code of lampFaultCodes) {
      expect(LAMP_FAULT_TEXTS[code][0]).not.toBe(code);
      expect(faultText(code, 'en-US')).not.toBe(code);
      expect(faultText(code, 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const cmd of commandNames) expect(COMMAND_TEXTS[cmd][0]).toMatch(/[\u4e00-\u9fff]/);
    expect(faultText('controlGearCommFailure', 'zh-CN')).toBe('驱动通信故障');
  });

  it('describes commands with their parameters in words', () => {
    expect(describeCommand('lamp.dim', { level: 30, ramp: 0 }, 'en-US')).toBe('dim to 30 %');
    expect(describeCommand('lamp.dim', { level: 30 }, 'zh-CN')).toBe('调光至 30 %');
    expect(describeCommand('lamp.switch', { on: false }, 'en-US')).toBe('Switch lamp: off');
    const schedule = {
      version: 'abc',
      days: [0, 1, 2, 3, 4, 5, 6],
      entries: [
        { at: { event: 'sunset', offsetMinutes: 0 }, level: 100 },
        { at: '23:00', level: 50 },
        { at: { event: 'sunrise', offsetMinutes: -5 }, level: 0 },
      ],
    };
    expect(describeCommand('lamp.schedule', schedule, 'en-US')).toBe(
      'schedule: sunset on 100 %, 23:00 on 50 %, sunrise -5 min off',
    );
    expect(describeCommand('lamp.schedule', schedule, 'zh-CN')).toBe(
      '计划: 日落 开 100 %，23:00 开 50 %，日出 -5 min 关',
    );
    expect(describeCommand('lamp.schedule', { version: 'empty', entries: [] }, 'en-US')).toBe(
      'schedule: no schedule',
    );
    expect(describeCommand('gateway.fallback', { level: 70, afterSeconds: 300 }, 'en-US')).toBe(
      'Fallback level: on 70 %, after 300 s offline',
    );
    expect(
      describeCommand('lamp.override', { level: 0, until: Date.UTC(2026, 0, 2, 3, 4) }, 'en-US', 'UTC'),
    ).toBe('off until 2026-01-02 03:04');
    for (const cmd of commandNames)
      for (const lang of ['zh-CN', 'en-US'] as const)
        expect(describeCommand(cmd, { level: 1, on: true, channel: 1, volume: 2 }, lang)).not.toMatch(
          /[{}"]/,
        );
  });

  it('puts failure reasons in words, and leaves unknown ones as they came', () => {
    expect(reasonText('control gear not responding', 'zh-CN')).toBe('驱动无响应');
    expect(reasonText('no ack', 'en-US')).toBe('No answer from the gateway');
    expect(reasonText('invalid params: too big', 'zh-CN')).toBe('参数无效: too big');
    expect(reasonText('lamp.dim is not supported by a gateway', 'zh-CN')).toBe('设备不支持该指令');
    expect(reasonText('something new', 'zh-CN')).toBe('something new');
    expect(reasonText('3 overridden', 'zh-CN')).toBe('3 盏灯在手动控制中');
    expect(reasonText(null, 'zh-CN')).toBe('');
  });
});
