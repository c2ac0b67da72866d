import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCliOptions, usage } from './cli-options';

const parse = (...argv: string[]) => {
  const parsed = parseCliOptions(argv, {});
  if (parsed.help) throw new Error('unexpected --help');
  return parsed.options;
};

describe('simulator command line', () => {
  it('takes every device kind, the drop-offline settings and the defaults', () => {
    const options = parse(
      '--project',
      'p1',
      '--gateways',
      '3',
      '--lamps-per-gateway',
      '100',
      '--screens-per-gateway',
      '2',
      '--speakers-per-gateway',
      '1',
      '--cameras-per-gateway',
      '4',
      '--offline-rate',
      '0.01',
      '--offline-seconds',
      '5',
      '--interval',
      '0.5',
    );
    expect(options).toMatchObject({
      project: 'p1',
      gateways: 3,
      lampsPerGateway: 100,
      sensorsPerGateway: 1,
      screensPerGateway: 2,
      speakersPerGateway: 1,
      camerasPerGateway: 4,
      offlineRate: 0.01,
      offlineSeconds: 5,
      interval: 0.5,
      heartbeat: 30,
      faultRate: 0.0005,
      url: 'mqtt://localhost:1884',
      prefix: 'SIM-GW-',
    });
  });

  it('reads the provisioning password from ICS_ADMIN_PASSWORD unless given', () => {
    const fromEnv = parseCliOptions(['--project', 'p'], { ICS_ADMIN_PASSWORD: 'from-env' });
    expect(!fromEnv.help && fromEnv.options.password).toBe('from-env');
    const given = parseCliOptions(['--project', 'p', '--password', 'given'], {
      ICS_ADMIN_PASSWORD: 'from-env',
    });
    expect(!given.help && given.options.password).toBe('given');
  });

  it('runs listed gateways without a project', () => {
    expect(parse('--credentials', 'creds.json').credentials).toBe('creds.json');
  });

  it.each([
    [['--project', 'p', '--gateways', 'ten'], '--gateways must be a whole number from 1 to 100000'],
    [['--project', 'p', '--gateways', '0'], '--gateways must be a whole number from 1 to 100000'],
    [['--project', 'p', '--lamps-per-gateway', '2.5'], '--lamps-per-gateway must be a whole number'],
    [['--project', 'p', '--offline-rate', '1.5'], '--offline-rate must be a number from 0 to 1'],
    [['--project', 'p', '--fault-rate', ''], '--fault-rate must be a number from 0 to 1'],
    [['--project', 'p', '--interval=-1'], '--interval must be a number from 0.1 to 86400'],
    [['--project', 'p', '--url', 'localhost:1884'], '--url must be an mqtt://'],
    [['--gateways', '2'], '--project ID is required'],
    [['--project', 'p', '--lamps', '5'], "Unknown option '--lamps'"],
    [['--project'], "Option '--project <value>' argument missing"],
  ])('refuses %j with a message naming the option', (argv, message) => {
    expect(() => parseCliOptions(argv, {})).toThrow(CliUsageError);
    expect(() => parseCliOptions(argv, {})).toThrow(message);
  });

  it('answers --help with a usage text listing every option', () => {
    expect(parseCliOptions(['--help'], {})).toEqual({ help: true });
    const text = usage();
    for (const flag of [
      '--gateways',
      '--lamps-per-gateway',
      '--sensors-per-gateway',
      '--screens-per-gateway',
      '--speakers-per-gateway',
      '--cameras-per-gateway',
      '--interval',
      '--heartbeat',
      '--fault-rate',
      '--offline-rate',
      '--offline-seconds',
      '--credentials',
      '--project',
      '--url',
    ])
      expect(text).toContain(flag);
  });
});
