import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeFinding as Finding, seriousViolations as violations } from './support/axe';
import { launchBrowser } from './support/browser';
import { LIST_PAGES, loginAsAdmin, settled, showPage, waitForRoute } from './support/console';
import { createLightingFixture, type LightingFixture, simLamp, waitFor } from './support/lighting-fixture';
import { type Product, startProduct } from './support/product';

// WCAG 2.1 A/AA as axe-core checks it, on the pages an operator uses most, in both languages:
// no critical and no serious violation.
const ARTIFACTS = path.join(fileURLToPath(new URL('..', import.meta.url)), 'e2e/artifacts/accessibility');
// `open` is clicked on the page before it is checked (a tab of it); the route is not reloaded.
const PAGES: ReadonlyArray<{ route: string; ready: string; open?: string }> = [
  { route: '/dashboard/analysis', ready: '[data-testid="dashboard-analysis"]' },
  { route: '/lighting/lamp', ready: '[data-testid="lamp-list"] .ant-table-row' },
  { route: '/lighting/gateway', ready: '[data-testid="gateway-list"] .ant-table-row' },
  { route: '/lighting/strategy', ready: '[data-testid="strategy-list"]' },
  { route: '/gis/GlrGis', ready: '[data-testid="gis-map"][data-engine="canvas"]' },
  { route: '/alarm/list', ready: '[data-testid="alarm-list"] .ant-table-row' },
  { route: '/alarm/rule', ready: '[data-testid="rule-list"] .ant-table-row' },
  {
    route: '/alarm/rule',
    open: '[data-testid="rule-list"] [data-node-key="webhooks"] [role="tab"]',
    ready: '[data-testid="webhook-list"] .ant-table-row',
  },
  { route: '/alarm/workorder', ready: '[data-testid="workorder-list"] .ant-table-row' },
  { route: '/env/sensor', ready: '[data-testid="sensor-list"] .ant-table-row' },
  { route: '/env/history', ready: '[data-testid="env-history"]' },
  { route: '/system/user', ready: '.ant-table-row' },
  { route: '/system/role', ready: '.ant-table-row' },
];

let product: Product;
let fixture: LightingFixture;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  fixture = await createLightingFixture(product, 2, { sensors: 2 });
  // Rows on the alarm and environment pages: a lamp fault, a work order for it, a webhook,
  // sensors with readings.
  simLamp(fixture.gateway, 'L001').faults.add('lampFailure');
  await fixture.gateway.telemetry();
  const alarm = await waitFor(async () => {
    const page = await fixture.api.get<{ records: { id: string }[] }>('/alarm/list');
    return page.records[0];
  });
  await fixture.api.post('/alarm/workorder/add', {
    projectId: fixture.projectId,
    title: 'Replace lamp L001',
    alarmIds: [alarm.id],
  });
  // Nothing listens on the discard port: the test delivery fails at once and waits for a retry.
  const hook = await fixture.api.post<{ id: string }>('/alarm/webhook/add', {
    projectId: fixture.projectId,
    url: 'http://127.0.0.1:9/hook',
    secret: 'accessibility-webhook-secret',
  });
  await fixture.api.post('/alarm/webhook/test', { id: hook.id });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
});

describe('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  for (const locale of ['zh-CN', 'en-US'] as const)
    it(`no critical or serious violation on the main pages (${locale})`, async () => {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const found: Record<string, Finding[]> = {};
      await page.goto(`${product.baseUrl}/#/user/login`);
      await page.getByTestId('login-page').waitFor();
      await page.getByTestId(`language-${locale}`).click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
      const login = await violations(page);
      if (login.length) found['/user/login'] = login;
      await loginAsAdmin(page, product);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
      for (const { route, ready, open } of PAGES) {
        if (open) await page.locator(open).click();
        else {
          await page.evaluate((p) => {
            window.location.hash = `#${p}`;
          }, route);
          await waitForRoute(page, new RegExp(`^${route.replace(/[/]/g, '\\/')}$`));
        }
        await page.locator(`${ready} >> visible=true`).first().waitFor({ timeout: 20_000 });
        await expect
          .poll(() => page.locator('.ant-spin-spinning:visible').count(), { timeout: 15_000 })
          .toBe(0);
        // A menu still folding away is half transparent: check the page as it comes to rest.
        await settled(page);
        const list = await violations(page);
        if (list.length) found[open ? `${route} ${open}` : route] = list;
      }
      await context.close();
      await mkdir(ARTIFACTS, { recursive: true });
      await writeFile(path.join(ARTIFACTS, `axe-${locale}.json`), JSON.stringify(found, null, 2));
      expect(found).toEqual({});
    }, 360_000);
});

// Enough pages that their tabs overflow the strip at 1440 px, so that it shows its "more" button.
const MANY_PAGES = [
  ...LIST_PAGES,
  '/alarm/list',
  '/alarm/rule',
  '/alarm/workorder',
  '/env/sensor',
  '/env/history',
];

describe('page-tab strip overflow', () => {
  for (const locale of ['zh-CN', 'en-US'] as const)
    it(`the "more" button of a full strip is named, passes axe and opens its menu by keyboard (${locale})`, async () => {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(`${product.baseUrl}/#/user/login`);
      await page.getByTestId('login-page').waitFor();
      await page.getByTestId(`language-${locale}`).click();
      await loginAsAdmin(page, product);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
      for (const route of MANY_PAGES) await showPage(page, route);
      const more = page.locator('[data-testid="page-tabs"] .ant-tabs-nav-more');
      await expect.poll(() => more.isVisible(), { timeout: 15_000 }).toBe(true);
      await settled(page);
      // Named in the console's language (antd's own icon would call it "ellipsis").
      const label = locale === 'zh-CN' ? '更多页面' : 'More pages';
      expect(
        await page.getByTestId('page-tabs').getByRole('button', { name: label, exact: true }).count(),
      ).toBe(1);
      expect(await violations(page, ['[data-testid="page-tabs"]'])).toEqual([]);

      // Keyboard: focus the button, open its menu with Enter, choose a page hidden from the strip.
      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.locator('.ant-tabs-dropdown:not(.ant-tabs-dropdown-hidden)');
      await menu.waitFor();
      await settled(page);
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      expect(await violations(page, ['[data-testid="page-tabs"]', '.ant-tabs-dropdown'])).toEqual([]);
      const first = menu.locator('[role="option"]').first();
      const target = await first.locator('[data-tab-key]').getAttribute('data-tab-key');
      expect(target).toBeTruthy();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await waitForRoute(page, new RegExp(`^${target!.replace(/[/]/g, '\\/')}$`));
      await expect.poll(() => menu.isVisible()).toBe(false);
      await context.close();
    }, 240_000);
});

describe('keyboard', () => {
  it('the add-user and add-role dialogs close with Escape, and the user dialog shares no id with the filter', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await loginAsAdmin(page, product);
    for (const [route, list, dialog] of [
      ['/system/user', 'users', 'user-form'],
      ['/system/role', 'roles', 'role-form'],
    ] as const) {
      await page.evaluate((p) => {
        window.location.hash = `#${p}`;
      }, route);
      await waitForRoute(page, new RegExp(`^${route.replace(/[/]/g, '\\/')}$`));
      await page.getByTestId(`list-${list}-add`).click();
      const shown = page.locator(`.ant-modal-wrap:has([data-testid="${dialog}"])`);
      await shown.waitFor();
      const duplicates = await page.evaluate(() => {
        const ids = [...document.querySelectorAll('[id]')]
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => el.id);
        return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
      });
      expect(duplicates).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => shown.isVisible(), { timeout: 5_000 }).toBe(false);
    }
    await context.close();
  });
});
