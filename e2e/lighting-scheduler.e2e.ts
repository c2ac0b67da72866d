import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { createLightingFixture, type LightingFixture, simLamp } from './support/lighting-fixture';
import { type Product, startProduct } from './support/product';

// Issue 6: create a strategy in the console, let the scheduler fire it and see the lamp change.
// The product runs with ICS_TEST_CLOCK_FILE: writing an offset there moves the scheduler's
// clock past the action instead of waiting for it.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS =
  process.env.ICS_SCREENSHOTS === '1'
    ? path.join(ROOT, 'docs/screenshots')
    : path.join(ROOT, 'e2e/artifacts');
const TIME_ZONE = 'Asia/Shanghai';
/** The action is this far ahead: it cannot fire on its own while the test runs. */
const AHEAD_MS = 15 * 60_000;
/** The clock then jumps this far: one minute past the action, within the scheduler's grace. */
const JUMP_MS = AHEAD_MS + 60_000;
const NAME = 'Scheduled dim';
const LEVEL = 30;

let product: Product;
let fixture: LightingFixture;
let browser: Browser;
let clockDir: string;
let clockFile: string;

/** HH:mm in the project's time zone. */
function localTime(epochMs: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);
}

/** Picks an option of the antd Select under `trigger`. */
async function choose(page: Page, trigger: ReturnType<Page['locator']>, option: string | RegExp) {
  await trigger.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: option,
    })
    .first()
    .click();
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  clockDir = await mkdtemp(path.join(os.tmpdir(), 'ics-e2e-clock-'));
  clockFile = path.join(clockDir, 'offset-ms');
  product = await startProduct({ env: { ICS_TEST_CLOCK_FILE: clockFile } });
  fixture = await createLightingFixture(product, 3);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
  if (clockDir) await rm(clockDir, { recursive: true, force: true });
});

describe('strategies run by the scheduler', () => {
  it('creates a strategy for a lamp, fires it on the test clock and shows the lamp and the log', async () => {
    const target = fixture.lamps[1]!;
    const bystander = fixture.lamps[0]!;
    const { page } = await newPage(browser, { locale: 'en-US' });
    // The console starts in Chinese unless a language was chosen: choose English.
    await page.addInitScript(() =>
      window.localStorage.setItem('ics__language', JSON.stringify({ value: 'en-US', expire: null })),
    );
    await loginAsAdmin(page, product);
    expect(product.output()).toContain('TEST CLOCK');

    // The form: one action (dim to LEVEL % at a clock time ahead), targeting one lamp.
    const at = localTime(Date.now() + AHEAD_MS);
    await page.goto(`${product.baseUrl}/#/lighting/strategy`);
    await page.getByTestId('strategy-add').click();
    const form = page.getByTestId('strategy-form');
    await page.getByTestId('strategy-name').fill(NAME);
    const actions = form.getByTestId('strategy-action');
    await expect.poll(() => actions.count()).toBeGreaterThan(0);
    while ((await actions.count()) > 0) await actions.first().locator('button').last().click();
    await page.getByTestId('strategy-add-action').click();
    const action = actions.first();
    await action.getByPlaceholder('HH:mm').fill(at);
    await choose(page, action.locator('.ant-select').nth(1), /^Dim$/);
    await action.locator('.ant-input-number input').fill(String(LEVEL));
    const targets = form.getByTestId('strategy-target');
    if ((await targets.count()) === 0) await page.getByTestId('strategy-add-target').click();
    const row = targets.first();
    await choose(page, row.locator('.ant-select').first(), /^Lamp$/);
    await choose(page, row.locator('.ant-select').nth(1), `/${target.address})`);
    await page.screenshot({ path: path.join(SHOTS, 'lighting-scheduler-form.png') });
    await page.getByTestId('strategy-save').click();
    await page.getByTestId('strategy-list').getByText(NAME).first().waitFor();

    const [saved] = (
      await fixture.api.get<{ records: Array<{ name: string; actions: unknown[]; targets: unknown[] }> }>(
        '/lighting/strategy/list?pageSize=50',
      )
    ).records.filter((s) => s.name === NAME);
    expect(saved).toMatchObject({
      actions: [{ at: { type: 'clock', time: at }, action: 'dim', level: LEVEL }],
      targets: [{ kind: 'lamp', id: target.id }],
    });
    // Nothing has run yet: the action lies ahead on the real clock.
    const before = await fixture.api.get<{ total: number }>('/lighting/strategy/executions');
    expect(before.total).toBe(0);
    expect(simLamp(fixture.gateway, target.address).level).not.toBe(LEVEL);
    const bystanderLevel = simLamp(fixture.gateway, bystander.address).level;

    // Move the scheduler's clock past the action: the lamp list shows the new level.
    await writeFile(clockFile, String(JUMP_MS));
    await page.goto(`${product.baseUrl}/#/lighting/lamp`);
    await expect
      .poll(() => page.getByTestId(`lamp-level-${fixture.sn}-${target.address}`).textContent(), {
        timeout: 30_000,
      })
      .toBe(`${LEVEL}%`);
    expect(simLamp(fixture.gateway, target.address).level).toBe(LEVEL);
    expect(simLamp(fixture.gateway, bystander.address).level).toBe(bystanderLevel);
    await page.screenshot({ path: path.join(SHOTS, 'lighting-scheduler-lamps.png') });

    // The execution log: one execution of the strategy, done, its one lamp acknowledged.
    await page.goto(`${product.baseUrl}/#/lighting/strategy`);
    await page.getByRole('tab', { name: 'Execution log' }).click();
    const log = page.getByTestId('strategy-executions');
    const entry = log.locator('tbody tr', { hasText: NAME });
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => entry.textContent(), { timeout: 15_000 }).toContain('Done');
    await expect.poll(() => entry.locator('.ant-tag').textContent()).toBe('Done');
    const after = await fixture.api.get<{
      records: Array<{ strategyName: string; status: string; lampCount: number; counts: { acked: number } }>;
    }>('/lighting/strategy/executions');
    expect(after.records).toMatchObject([
      { strategyName: NAME, status: 'done', lampCount: 1, counts: { acked: 1 } },
    ]);
    await page.screenshot({ path: path.join(SHOTS, 'lighting-scheduler-log.png') });
    await page.context().close();
  });
});
