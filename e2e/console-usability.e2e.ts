import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { loginAsAdmin, settled, waitForRoute } from './support/console';
import { createLightingFixture, type LightingFixture } from './support/lighting-fixture';
import { type Product, startProduct } from './support/product';
import { adminToken, api, createUser, loginAs, tabKeys } from './support/shell';
import { startTileServer } from './support/tile-server';

// What a city operator meets first: who sees which project, the map's base map, the shell
// (login, help, 404). Pictures of the pages changed go to e2e/artifacts/usability.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS = path.join(ROOT, 'e2e/artifacts/usability');
const LOCALES = ['zh-CN', 'en-US'] as const;
type Locale = (typeof LOCALES)[number];

let product: Product;
let fixture: LightingFixture;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
  fixture = await createLightingFixture(product, 3);
  browser = await launchBrowser();
});

afterAll(async () => {
  if (product) await writeFile(path.join(SHOTS, 'product.log'), product.output());
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A fresh browser at `width` px showing the console in `locale` (chosen in the header once signed in). */
async function fresh(locale: Locale = 'zh-CN', width = 1280): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 }, locale, reducedMotion: 'reduce' });
  return context.newPage();
}

async function chooseLanguage(page: Page, locale: Locale): Promise<void> {
  await page.getByTestId(`language-${locale}`).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
}

async function go(page: Page, route: string): Promise<void> {
  await page.evaluate((p) => {
    window.location.hash = `#${p}`;
  }, route);
  await waitForRoute(page, new RegExp(`^${route.replace(/[/]/g, '\\/')}$`));
}

/** Adds a top-level department (outside the seeded tree) and returns its id. */
async function departmentOutsideTree(name: string): Promise<string> {
  const token = await adminToken(product);
  const added = await api<{ id: string }>(product, token, 'POST', '/sys/sysDepart/add', {
    departName: name,
  });
  if (!added.success) throw new Error(`department add failed: ${added.message}`);
  return added.result.id;
}

describe('access', () => {
  it('a new operator in a sub-department (运维部) sees the lamps of a project visible to the centre', async () => {
    const operator = await createUser(product, {
      roles: ['role-operator'],
      departs: ['dep-ops'],
      prefix: 'ops',
    });
    const page = await fresh();
    await loginAs(page, product, operator.username, operator.password);
    await go(page, '/lighting/lamp');
    await expect
      .poll(() => page.getByTestId('lamp-list').locator('tr.ant-table-row').count(), { timeout: 15_000 })
      .toBe(fixture.lamps.length);
    expect(await page.getByTestId('no-project-notice').count()).toBe(0);
  });

  for (const locale of LOCALES)
    it(`a user whose department sees no project is told so on the home page and the lists (${locale})`, async () => {
      const depart = await departmentOutsideTree(`孤立部门${locale}`);
      const user = await createUser(product, { roles: ['role-operator'], departs: [depart], prefix: 'lone' });
      const page = await fresh(locale);
      await loginAs(page, product, user.username, user.password);
      await chooseLanguage(page, locale);
      const expected =
        locale === 'zh-CN' ? '没有对您的部门可见的项目' : 'No project is visible to your department';
      await expect.poll(() => page.getByTestId('no-project-notice').textContent()).toContain(expected);
      await page.screenshot({ path: path.join(SHOTS, `no-project-home-${locale}.png`) });
      for (const [route, root] of [
        ['/lighting/lamp', 'lamp-list'],
        ['/lighting/gateway', 'gateway-list'],
        ['/lighting/strategy', 'strategy-list'],
      ] as const) {
        await go(page, route);
        await page.getByTestId(root).waitFor();
        await expect.poll(() => page.getByTestId(root).getByTestId('no-project-notice').count()).toBe(1);
      }
    });

  it('the project form picks visible departments from the named department tree', async () => {
    const page = await fresh();
    await loginAsAdmin(page, product);
    await go(page, '/system/project');
    const row = page.locator('tr.ant-table-row', { hasText: 'E2E Lighting' });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const picker = page.getByTestId('project-form-departs');
    // The project is visible to the root department: shown by its name, not its id.
    await expect
      .poll(() => picker.locator('xpath=ancestor-or-self::*[contains(@class,"ant-select")][1]').textContent())
      .toContain('智慧照明中心');
    expect(
      await picker.locator('xpath=ancestor-or-self::*[contains(@class,"ant-select")][1]').textContent(),
    ).not.toContain('dep-root');
    await picker.locator('xpath=ancestor-or-self::*[contains(@class,"ant-select")][1]').click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await dropdown.locator('.ant-select-tree-node-content-wrapper', { hasText: '运维部' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'project-departs-zh-CN.png') });
    await dropdown.locator('.ant-select-tree-node-content-wrapper', { hasText: '运维部' }).click();
    await page.keyboard.press('Escape');
    const saved = page.waitForResponse((r) => r.url().includes('/sys/project/edit'));
    await page.getByTestId('project-form-submit').click();
    expect((await saved).status()).toBe(200);
    const token = await adminToken(product);
    const project = await api<{ departIds: string }>(
      product,
      token,
      'GET',
      `/sys/project/queryById?id=${fixture.projectId}`,
    );
    expect(project.result.departIds.split(',').sort()).toEqual(['dep-ops', 'dep-root']);
  });
});

describe('projects', () => {
  it('the project list and form show a project in the console language, both names entered in the form', async () => {
    const token = await adminToken(product);
    const added = await api<{ id: string }>(product, token, 'POST', '/sys/project/add', {
      name: '泉山片区',
      nameEn: 'Quanshan District',
      code: 'E2E-QS',
      longitude: 117.15,
      latitude: 34.22,
      timeZone: 'Asia/Shanghai',
      description: '泉山区主干道的路灯',
      descriptionEn: 'Street lights on the main roads of Quanshan',
      departIds: 'dep-root',
    });
    expect(added.success).toBe(true);
    const page = await fresh('zh-CN', 1440);
    await loginAsAdmin(page, product);
    await go(page, '/system/project');
    const row = page.locator('tr.ant-table-row', { hasText: 'E2E-QS' });
    // One page, the language switched in the header: the list loads again in the new one.
    for (const [locale, shown, other, edit] of [
      ['zh-CN', '泉山片区', 'Quanshan District', /编\s*辑/],
      ['en-US', 'Quanshan District', '泉山片区', /Edit/],
    ] as const) {
      await chooseLanguage(page, locale);
      await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain(shown);
      expect(await row.textContent()).not.toContain(other);
      await page.screenshot({ path: path.join(SHOTS, `project-list-${locale}.png`) });
      await row.getByRole('button', { name: edit }).click();
      const form = page.getByTestId('project-form');
      await form.waitFor({ state: 'visible' });
      await expect.poll(() => page.getByTestId('project-form-name').inputValue()).toBe('泉山片区');
      expect(await page.getByTestId('project-form-nameEn').inputValue()).toBe('Quanshan District');
      expect(await page.getByTestId('project-form-descriptionEn').inputValue()).toBe(
        'Street lights on the main roads of Quanshan',
      );
      expect(await form.textContent()).toContain(locale === 'zh-CN' ? '项目名称（英文）' : 'Name (English)');
      await settled(page);
      await page.screenshot({ path: path.join(SHOTS, `project-form-${locale}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => form.isVisible()).toBe(false);
    }
  });
});

describe('map', () => {
  async function setTiles(tileUrl: string): Promise<void> {
    const token = await adminToken(product);
    const settings = await api<Record<string, unknown>>(product, token, 'GET', '/sys/platform/settings');
    const { platFormLogo: _logo, platFormLoginSrc: _bg, ...rest } = settings.result;
    const saved = await api(product, token, 'PUT', '/sys/platform/settings', { ...rest, tileUrl });
    if (!saved.success) throw new Error(`settings: ${saved.message}`);
  }

  it('defaults to OpenStreetMap tiles with their credit', async () => {
    const response = await fetch(`${product.apiUrl}/sys/platform/public`);
    const body = (await response.json()) as { result: { tileUrl: string; tileAttribution: string } };
    expect(body.result.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(body.result.tileAttribution).toContain('OpenStreetMap');
  });

  it('draws tiles of the configured server, says so when it cannot be reached, and keeps the popup inside the map', async () => {
    const tiles = await startTileServer();
    try {
      await setTiles(tiles.template);
      const page = await fresh('zh-CN', 1280);
      await loginAsAdmin(page, product);
      await go(page, '/gis/GlrGis');
      await page.waitForFunction(
        () => (window as { __icsMapReady?: unknown }).__icsMapReady !== undefined,
        undefined,
        { timeout: 20_000 },
      );
      await expect.poll(() => tiles.served().length, { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('gis-attribution').textContent()).toContain('OpenStreetMap');
      await page.waitForTimeout(500);
      expect(await page.getByTestId('gis-tiles-notice').count()).toBe(0);

      // The popup of a pole dragged to the top edge stays inside the map.
      await page
        .getByTestId('gis-search')
        .locator('input')
        .fill(fixture.poleCodes[0] as string);
      await page.getByTestId('gis-search').locator('input').press('Enter');
      const popup = page.locator('.ics-gis-popup');
      await popup.waitFor();
      const map = (await page.getByTestId('gis-map').boundingBox())!;
      const before = (await popup.boundingBox())!;
      const poleY = before.y + before.height + 14;
      await page.mouse.move(map.x + 40, map.y + map.height - 40);
      await page.mouse.down();
      await page.mouse.move(map.x + 40, map.y + map.height - 40 - (poleY - map.y - 30), { steps: 8 });
      await page.mouse.up();
      await page.waitForTimeout(300);
      const after = (await popup.boundingBox())!;
      expect(after.y).toBeGreaterThanOrEqual(map.y);
      expect(after.y + after.height).toBeLessThanOrEqual(map.y + map.height);
      expect(after.x).toBeGreaterThanOrEqual(map.x);
      expect(after.x + after.width).toBeLessThanOrEqual(map.x + map.width);
      await page.screenshot({ path: path.join(SHOTS, 'map-popup-top-zh-CN.png') });
    } finally {
      await tiles.stop();
    }
    // The same server, gone: a notice instead of a silent grey.
    for (const locale of LOCALES) {
      const page = await fresh(locale, 1280);
      await loginAsAdmin(page, product);
      await chooseLanguage(page, locale);
      await go(page, '/gis/GlrGis');
      const notice = page.getByTestId('gis-tiles-notice');
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.textContent()).toContain('127.0.0.1');
      await page.screenshot({ path: path.join(SHOTS, `map-tiles-down-${locale}.png`) });
      await context?.close();
    }
  }, 180_000);
});

describe('shell', () => {
  for (const locale of LOCALES)
    it(`the login subtitle names only the modules of this deployment (${locale})`, async () => {
      const page = await fresh(locale);
      await page.goto(`${product.baseUrl}/#/user/login`);
      await page.getByTestId('login-page').waitFor();
      await page.getByTestId(`language-${locale}`).click();
      const subtitle = page.getByTestId('login-subtitle');
      // The modules with pages in this console (no LED screens, radio or cameras yet).
      const expected =
        locale === 'zh-CN'
          ? '智慧路灯 · 地图监控 · 告警运维 · 环境监测'
          : 'Street lighting · Map monitoring · Alarms · Environment';
      await expect.poll(() => subtitle.textContent()).toBe(expected);
      await page.screenshot({ path: path.join(SHOTS, `login-${locale}.png`) });
    });

  for (const locale of LOCALES)
    it(`the help icon opens the user guide, which links the API reference (${locale})`, async () => {
      const page = await fresh(locale);
      await loginAsAdmin(page, product);
      await chooseLanguage(page, locale);
      await page.getByTestId('help-link').click();
      await waitForRoute(page, /^\/help$/);
      const guide = page.getByTestId('help-page');
      await guide.waitFor();
      expect(await guide.locator('h2').textContent()).toBe(locale === 'zh-CN' ? '使用帮助' : 'User guide');
      expect(await page.getByTestId('help-api-link').getAttribute('href')).toMatch(/\/ics\/doc$/);
      await page.screenshot({ path: path.join(SHOTS, `help-${locale}.png`) });
    });

  it('an unknown address shows the 404 page inside the console and keeps the open tabs', async () => {
    const page = await fresh();
    await loginAsAdmin(page, product);
    await go(page, '/system/user');
    await page.locator('.ant-table').first().waitFor();
    const before = await tabKeys(page);
    expect(before).toEqual(expect.arrayContaining(['/dashboard/analysis', '/system/user']));
    await page.evaluate(() => {
      window.location.hash = '#/no/such/page';
    });
    await page.getByTestId('not-found').waitFor();
    await waitForRoute(page, /^\/404$/);
    expect(await tabKeys(page)).toEqual(expect.arrayContaining(before));
    await page.getByTestId('not-found-home').click();
    await waitForRoute(page, /^\/dashboard\/analysis$/);
    expect(await tabKeys(page)).toEqual(expect.arrayContaining(before));
  });
});
