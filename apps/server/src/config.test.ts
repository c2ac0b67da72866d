import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The error line for one invalid variable. */
function problem(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminPassword: undefined,
      basePath: '/ics',
      tokenTtlMs: 7 * 24 * 3_600_000,
      sessionIdleMs: 120 * 60_000,
      casUrl: undefined,
      demo: true,
      trustProxy: false,
      logLevel: 'info',
      mqttPort: 1884,
      deviceStateWriteMs: 5_000,
      deviceStatsFile: undefined,
      pgliteSharedBuffers: '16MB',
    });
  });

  it('reads valid values and ignores empty ones', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgresql://ics@db:5432/ics',
      ICS_BASE_PATH: '/api-v1',
      ICS_ADMIN_PASSWORD: 'long-enough',
      ICS_CAS_URL: 'https://cas.example.org/cas',
      ICS_SESSION_IDLE_MINUTES: '0.5',
      ICS_TOKEN_TTL_HOURS: '1',
      ICS_DEMO: '0',
      ICS_DEVICE_STATE_WRITE_MS: '1000',
      ICS_DEVICE_STATS_FILE: 'stats.json',
      ICS_SHUTDOWN_GRACE_MS: '5000',
      ICS_PGLITE_SHARED_BUFFERS: '128MB',
      HOST: '',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://ics@db:5432/ics',
      basePath: '/api-v1',
      adminPassword: 'long-enough',
      casUrl: 'https://cas.example.org/cas',
      sessionIdleMs: 30_000,
      tokenTtlMs: 3_600_000,
      demo: false,
      deviceStateWriteMs: 1_000,
      deviceStatsFile: path.resolve('stats.json'),
      shutdownGraceMs: 5_000,
      pgliteSharedBuffers: '128MB',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid PORT="abc": must be a port number 0-65535'],
    [{ PORT: '70000' }, 'Invalid PORT="70000": must be 0-65535'],
    [{ PORT: '80.5' }, 'Invalid PORT="80.5": must be a whole number'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid DATABASE_URL="mysql://x": must start with postgres:// or postgresql://',
    ],
    [
      { ICS_BASE_PATH: 'ics' },
      'Invalid ICS_BASE_PATH="ics": must look like /ics (a slash and letters, digits, - or _)',
    ],
    [{ ICS_ADMIN_PASSWORD: 'short' }, 'Invalid ICS_ADMIN_PASSWORD: must be at least 8 characters'],
    [
      { ICS_CAS_URL: 'notaurl' },
      'Invalid ICS_CAS_URL="notaurl": must be an http(s) URL such as https://cas.example.org/cas',
    ],
    [
      { ICS_CAS_URL: 'ftp://cas' },
      'Invalid ICS_CAS_URL="ftp://cas": must be an http(s) URL such as https://cas.example.org/cas',
    ],
    [
      { ICS_SESSION_IDLE_MINUTES: '0' },
      'Invalid ICS_SESSION_IDLE_MINUTES="0": must be a positive number of minutes',
    ],
    [
      { ICS_TOKEN_TTL_HOURS: 'week' },
      'Invalid ICS_TOKEN_TTL_HOURS="week": must be a positive number of hours',
    ],
    [
      { ICS_TRUST_PROXY: 'yes' },
      'Invalid ICS_TRUST_PROXY="yes": must be 0, 1, "<n> hops" or a list of proxy addresses (10.0.0.1,192.168.0.0/16)',
    ],
    [
      { MQTT_URL: 'http://broker' },
      'Invalid MQTT_URL="http://broker": must start with mqtt://, mqtts://, ws:// or wss://',
    ],
    [{ ICS_DEVICE_STATE_WRITE_MS: '50' }, 'Invalid ICS_DEVICE_STATE_WRITE_MS="50": must be 100-3600000 ms'],
    [
      { ICS_PGLITE_SHARED_BUFFERS: '128' },
      'Invalid ICS_PGLITE_SHARED_BUFFERS="128": must be a size such as 16MB or 128MB',
    ],
    [{ ICS_SHUTDOWN_GRACE_MS: '10' }, 'Invalid ICS_SHUTDOWN_GRACE_MS="10": must be 1000-600000 ms'],
    [{ ICS_NODE_ID: 'node 1' }, 'Invalid ICS_NODE_ID="node 1": must be 1-60 letters, digits, _ . : or -'],
    [{ ICS_NODE_LEASE_SECONDS: '0' }, 'Invalid ICS_NODE_LEASE_SECONDS="0": must be 1-600 seconds'],
    [
      { ICS_DEVICE_STATE_WRITE_MS: 'often' },
      'Invalid ICS_DEVICE_STATE_WRITE_MS="often": must be a whole number of milliseconds',
    ],
  ])('refuses %j with one clear line', (env, message) => {
    const line = problem(env);
    expect(line).toBe(message);
    expect(line).not.toContain('\n');
  });

  it.each([
    ['0', false],
    ['1', true],
    ['2 hops', 2],
    ['10.0.0.1, 192.168.0.0/16', '10.0.0.1,192.168.0.0/16'],
  ])('reads ICS_TRUST_PROXY=%j', (value, expected) => {
    expect(loadConfig({ ICS_TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('names the node, its lease and its broker client id from one setting', () => {
    expect(loadConfig({ ICS_NODE_ID: 'node-1' })).toMatchObject({
      nodeId: 'node-1',
      nodeLeaseSeconds: 15,
      mqttClientId: 'ics-node-1',
    });
    expect(loadConfig({ ICS_NODE_ID: 'node-1', MQTT_CLIENT_ID: 'edge-a' }).mqttClientId).toBe('edge-a');
    expect(loadConfig({}).nodeId).toMatch(/^[A-Za-z0-9_.:-]{1,60}$/);
  });

  it('reads the broker accounts administrator only with an external broker', () => {
    expect(
      loadConfig({ MQTT_URL: 'mqtt://b:1883', MQTT_DYNSEC_USER: 'admin', MQTT_DYNSEC_PASSWORD: 'pw' })
        .mqttDynsec,
    ).toEqual({ username: 'admin', password: 'pw' });
    expect(loadConfig({}).mqttDynsec).toBeUndefined();
    expect(problem({ MQTT_DYNSEC_USER: 'admin', MQTT_DYNSEC_PASSWORD: 'pw' })).toBe(
      'Invalid MQTT_DYNSEC_USER: the dynamic-security plugin needs an external broker (MQTT_URL)',
    );
    expect(problem({ MQTT_URL: 'mqtt://b:1883', MQTT_DYNSEC_USER: 'admin' })).toBe(
      'Invalid MQTT_DYNSEC_USER: set MQTT_DYNSEC_USER and MQTT_DYNSEC_PASSWORD together',
    );
  });

  it('reads the EMQX hooks secret only with an external broker, and never echoes it', () => {
    const secret = 'hook-secret-0123456789';
    expect(loadConfig({ MQTT_URL: 'mqtt://b:1883', EMQX_HOOK_SECRET: secret }).emqxHookSecret).toBe(secret);
    expect(loadConfig({}).emqxHookSecret).toBeUndefined();
    expect(problem({ EMQX_HOOK_SECRET: secret })).toMatch(/^Invalid EMQX_HOOK_SECRET: .*MQTT_URL/);
    const short = problem({ MQTT_URL: 'mqtt://b:1883', EMQX_HOOK_SECRET: 'short-secret' });
    expect(short).toBe('Invalid EMQX_HOOK_SECRET: must be at least 16 characters');
  });

  it('never echoes a password', () => {
    expect(problem({ ICS_ADMIN_PASSWORD: 'secret7' })).not.toContain('secret7');
    const line = problem({ DATABASE_URL: 'mysql://ics:hunter2@db/ics' });
    expect(line).not.toContain('hunter2');
    expect(line).toBe(
      'Invalid DATABASE_URL="mysql://ics:***@db/ics": must start with postgres:// or postgresql://',
    );
  });
});
