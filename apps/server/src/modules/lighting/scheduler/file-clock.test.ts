import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';
import { FileOffsetClock } from './file-clock';

describe('the test clock of the running product (ICS_TEST_CLOCK_FILE)', () => {
  let dir: string;
  const warnings: string[] = [];
  const log = { warn: (_: object, msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ics-clock-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is refused in production and resolved to an absolute path otherwise', () => {
    expect(() => loadConfig({ ICS_TEST_CLOCK_FILE: 'clock', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ICS_TEST_CLOCK_FILE: 'clock', NODE_ENV: 'production' })).toThrow(
      'Invalid ICS_TEST_CLOCK_FILE: a test clock is refused when NODE_ENV=production (unset it)',
    );
    expect(loadConfig({ ICS_TEST_CLOCK_FILE: 'clock' }).testClockFile).toBe(path.resolve('clock'));
    expect(loadConfig({}).testClockFile).toBeUndefined();
  });

  it('runs at the system time until the file gives an offset, then tells its listeners', async () => {
    const file = path.join(dir, 'offset');
    const clock = new FileOffsetClock(file, log);
    try {
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50);
      const heard = new Promise<number>((resolve) => clock.onChange(resolve));
      await writeFile(file, '300000\n');
      expect(await heard).toBe(300_000);
      expect(clock.now().getTime() - Date.now()).toBeGreaterThan(299_000);
      expect(clock.now().getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    } finally {
      clock.close();
    }
  });

  it('keeps the last good offset when the file holds something else', async () => {
    const file = path.join(dir, 'bad');
    await writeFile(file, '-60000');
    const clock = new FileOffsetClock(file, log);
    try {
      expect(clock.offset).toBe(-60_000);
      await writeFile(file, 'tomorrow');
      await new Promise((r) => setTimeout(r, 600));
      expect(clock.offset).toBe(-60_000);
      expect(warnings).toContain('test clock file ignored: not an integer');
    } finally {
      clock.close();
    }
  });
});
