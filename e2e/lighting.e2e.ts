import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { createLightingFixture, type LightingFixture, simLamp } from './support/lighting-fixture';
import { type DeviceProduct, startDeviceProduct } from './support/lighting-product';

// Issue 6: lamp control with per-device outcomes, group control and the GIS map.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS =
  process.env.ICS_SCREENSHOTS === '1'
    ? path.join(ROOT, 'docs/screenshots')
    : path.join(ROOT, 'e2e/artifacts');

let product: DeviceProduct;
let fixture: LightingFixture;
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startDeviceProduct();
  fixture = await createLightingFixture(product, 3);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
});

async function signedIn(): Promise<Page> {
  const { page } = await newPage(browser, { locale: 'en-US' });
  await loginAsAdmin(page, product);
  return page;
}

describe('street lighting', () => {
  it('dims a lamp and shows the outcome and the level the lamp reports', async () => {
    const page = await signedIn();
    await page.goto(`${product.baseUrl}/#/lighting/lamp`);
    const row = page.locator('tr', { has: page.getByTestId(`lamp-level-${fixture.sn}-L003`) });
    await row.locator('input[type=checkbox]').check();
    await page
      .locator('input[data-testid="control-level"], [data-testid="control-level"] input')
      .first()
      .fill('40');
    await page.getByTestId('control-dim').click();
    await page
      .getByTestId('control-progress')
      .getByTestId('outcome-acked')
      .first()
      .waitFor({ timeout: 20_000 });
    expect(simLamp(fixture.gateway, 'L003').level).toBe(40);
    await expect
      .poll(() => page.getByTestId(`lamp-level-${fixture.sn}-L003`).textContent(), { timeout: 15_000 })
      .toBe('40%');
    await page.screenshot({ path: path.join(SHOTS, 'lighting-lamps.png') });
    await page.context().close();
  });

  it('switches a group off and shows every lamp’s outcome', async () => {
    await fixture.api.post('/lighting/group/add', {
      projectId: fixture.projectId,
      name: 'Night',
      lampIds: fixture.lamps.map((l) => l.id),
    });
    const page = await signedIn();
    await page.goto(`${product.baseUrl}/#/lighting/group`);
    await page.getByTestId('group-Night-off').click();
    const drawer = page.getByTestId('control-progress');
    await expect
      .poll(() => drawer.getByTestId('outcome-acked').count(), { timeout: 20_000 })
      .toBe(fixture.lamps.length);
    await expect.poll(() => drawer.getByTestId('control-counts').getAttribute('data-done')).toBe('1');
    for (const lamp of fixture.lamps) expect(simLamp(fixture.gateway, lamp.address).on).toBe(false);
    await page.context().close();
  });

  it('finds a pole on the map by code and switches its lamp from the popup', async () => {
    const page = await signedIn();
    await page.goto(`${product.baseUrl}/#/gis`);
    await page.waitForFunction(() => window.location.hash.startsWith('#/gis/GlrGis'));
    await page.getByTestId('gis-map').and(page.locator('[data-engine="webgl"]')).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('gis-count').textContent()).toContain('3 / 3');
    const code = fixture.poleCodes[0] as string;
    await page.getByTestId('gis-search').locator('input').fill(code);
    await page.keyboard.press('Enter');
    const popup = page.getByTestId('gis-popup');
    await expect
      .poll(() => popup.getByTestId('gis-popup-code').textContent(), { timeout: 10_000 })
      .toBe(code);
    const address = fixture.lamps[0]?.address as string;
    const lamp = popup.getByTestId(`gis-lamp-${address}`);
    // The group test switched everything off: switch it on from the map.
    await lamp.getByTestId('gis-lamp-switch').click();
    await lamp.getByTestId('gis-lamp-outcome-acked').waitFor({ timeout: 20_000 });
    expect(simLamp(fixture.gateway, address).on).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'lighting-map-popup.png') });
    await page.context().close();
  });

  it('opens the strategy form with a 7-day preview', async () => {
    const page = await signedIn();
    await page.goto(`${product.baseUrl}/#/lighting/strategy`);
    await page.getByTestId('strategy-add').click();
    await page.getByTestId('strategy-name').fill('Evening');
    await page.getByTestId('preview-lamp').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .first()
      .click();
    await page.getByTestId('preview-run').click();
    await expect
      .poll(() => page.getByTestId('strategy-preview').locator('tbody tr').count(), { timeout: 15_000 })
      .toBe(7);
    await page.screenshot({ path: path.join(SHOTS, 'lighting-strategy.png') });
    await page.getByTestId('strategy-save').click();
    await page.getByText('Evening').first().waitFor();
    await page.context().close();
  });
});
