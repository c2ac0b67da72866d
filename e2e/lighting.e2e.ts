import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { createLightingFixture, type LightingFixture, simLamp } from './support/lighting-fixture';
import { apiClient, type Product, startProduct } from './support/product';

// Issue 6: lamp control with per-device outcomes, group control and the GIS map.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS =
  process.env.ICS_SCREENSHOTS === '1'
    ? path.join(ROOT, 'docs/screenshots')
    : path.join(ROOT, 'e2e/artifacts');

let product: Product;
let fixture: LightingFixture;
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
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
    // Dimming asks first, naming how many lamps (the console starts in Chinese).
    const confirm = page.locator('.ant-modal-confirm');
    await expect
      .poll(() => confirm.locator('.ant-modal-confirm-content').textContent())
      .toBe('确定将 1 盏灯调至 40%？');
    await confirm.getByRole('button', { name: /ok|确\s?定/i }).click();
    await page
      .getByTestId('control-progress')
      .getByTestId('outcome-acked')
      .first()
      .waitFor({ timeout: 20_000 });
    expect(simLamp(fixture.gateway, 'L003').level).toBe(40);
    // The outcome names the lamp, not its id.
    await expect
      .poll(() =>
        page.getByTestId('control-progress').locator('tbody tr.ant-table-row').first().textContent(),
      )
      .toContain('L003');
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
    const confirm = page.locator('.ant-modal-confirm');
    await expect
      .poll(() => confirm.locator('.ant-modal-confirm-content').textContent())
      .toBe(`确定关闭 ${fixture.lamps.length} 盏灯？`);
    await confirm.getByRole('button', { name: /ok|确\s?定/i }).click();
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
    await page
      .getByTestId('gis-map')
      .and(page.locator('[data-engine="canvas"]'))
      .waitFor({ timeout: 20_000 });
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
    // The map's pole states follow without a reload (fetched again every 10 s): one pole lit.
    const legend = page.getByTestId('gis-state-filter');
    await expect.poll(() => legend.textContent(), { timeout: 25_000 }).toMatch(/^(On|亮灯) \(1\)/);
    await page.screenshot({ path: path.join(SHOTS, 'lighting-map-popup.png') });

    // Clicking another pole's dot opens that pole: the popup names where its pole is, and the
    // second pole lies at the same height, one pole spacing to the side.
    const anchor = page.locator('.ics-gis__popup-anchor');
    const at = await anchor.evaluate((e) => ({
      x: Number.parseFloat((e as HTMLElement).dataset.poleX ?? ''),
      y: Number.parseFloat((e as HTMLElement).dataset.poleY ?? ''),
    }));
    await popup.getByRole('button', { name: /close|关闭/i }).click();
    await popup.waitFor({ state: 'hidden' });
    const mapBox = (await page.getByTestId('gis-map').boundingBox())!;
    // Poles are 0.0005° apart in longitude in the fixture (about 47 px at zoom 17): the next dot
    // to the right, starting past the first dot's click radius.
    const next = fixture.poleCodes[1] as string;
    for (let dx = 20; dx < 200; dx += 4) {
      await page.mouse.click(mapBox.x + at.x + dx, mapBox.y + at.y);
      if ((await popup.count()) > 0) break;
    }
    await expect
      .poll(() => popup.getByTestId('gis-popup-code').textContent(), { timeout: 10_000 })
      .toBe(next);
    await page.context().close();
  });

  it('opened directly, the map requests its poles once, before its page has mounted', async () => {
    const page = await signedIn();
    const columns: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/ics/lighting/pole/mapColumns')) columns.push(r.url());
    });
    await page.goto(`${product.baseUrl}/#/gis/GlrGis`);
    await page.reload();
    await expect.poll(() => page.getByTestId('gis-count').textContent()).toContain('3 / 3');
    expect(columns).toHaveLength(1);
    // The route's loader started it while the console was starting, not the page once mounted.
    const [requested, mounted] = await page.evaluate(() => [
      performance.getEntriesByType('resource').find((e) => e.name.includes('/lighting/pole/mapColumns'))
        ?.startTime,
      performance.getEntriesByName('ics-map:mounted')[0]?.startTime,
    ]);
    expect(requested).toBeLessThan(mounted as number);
    await page.context().close();
  });

  it('draws raster tiles of the configured template under the poles', async () => {
    // A tile server of our own: every tile is one green pixel (scaled to 256 px by the map).
    const green = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgOMEAAAGUAMlBGJ3rAAAAAElFTkSuQmCC',
      'base64',
    );
    const requested: string[] = [];
    const tiles = createServer((req, res) => {
      requested.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
      res.end(green);
    });
    await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
    const port = (tiles.address() as AddressInfo).port;
    const api = await apiClient(product);
    const settings = await api.get<Record<string, unknown>>('/sys/platform/settings');
    await api.put('/sys/platform/settings', {
      ...settings,
      tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    });
    try {
      const page = await signedIn();
      await page.goto(`${product.baseUrl}/#/gis/GlrGis`);
      const map = page.getByTestId('gis-map');
      await map.and(page.locator('[data-engine="canvas"]')).waitFor({ timeout: 20_000 });
      await expect
        .poll(() => requested.filter((u) => /^\/\d+\/\d+\/\d+\.png$/.test(u)).length)
        .toBeGreaterThan(0);
      // A corner of the canvas, away from the poles, shows the tile instead of the plain background.
      await expect
        .poll(() =>
          map
            .locator('canvas')
            .evaluate((c: HTMLCanvasElement) => [
              ...(c.getContext('2d')?.getImageData(4, 4, 1, 1).data ?? []),
            ]),
        )
        .toEqual([0, 200, 0, 255]);
      await page.screenshot({ path: path.join(SHOTS, 'lighting-map-tiles.png') });
      await page.context().close();
    } finally {
      await api.put('/sys/platform/settings', { ...settings, tileUrl: '' });
      await new Promise((resolve) => tiles.close(resolve));
    }
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
