import { commandNames } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { commandFields, commandsFor, initialValues, toParams } from './command-fields';

describe('command fields', () => {
  it('describes every protocol command', () => {
    expect(Object.keys(commandFields).sort()).toEqual([...commandNames].sort());
  });

  it('lists the commands a target kind accepts', () => {
    expect(commandsFor('lamp')).toContain('lamp.dim');
    expect(commandsFor('lamp')).not.toContain('device.reboot');
    expect(commandsFor('gateway')).toEqual(
      expect.arrayContaining(['device.reboot', 'device.clockSync', 'gateway.fallback', 'lamp.schedule']),
    );
  });

  it('turns form values into parameters', () => {
    expect(toParams('lamp.dim', { level: 30, ramp: '' })).toEqual({ level: 30 });
    expect(
      toParams('lamp.schedule', { version: 'v1', days: [], entries: '[{"at":"18:00","level":80}]' }),
    ).toEqual({ version: 'v1', entries: [{ at: '18:00', level: 80 }] });
    expect(toParams('lamp.override', { level: 10, until: 1_700_000_000_000 })).toEqual({
      level: 10,
      until: 1_700_000_000_000,
    });
  });

  it('starts from sensible values', () => {
    expect(initialValues('lamp.dim')).toEqual({ level: 50, ramp: 0 });
    expect(JSON.parse(String(initialValues('lamp.schedule').entries))).toHaveLength(3);
  });
});
