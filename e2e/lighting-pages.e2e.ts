import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import {
  createLightingFixture,
  furnishLightingLists,
  type LightingFixture,
  waitFor,
} from './support/lighting-fixture';
import { type Product, startProduct } from './support/product';

// The lighting list pages on the shared list page: every page renders its rows in both
// languages, and search, sort and paging reach the list APIs with the parameters they expect.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS =
  process.env.ICS_SCREENSHOTS === '1'
    ? path.join(ROOT, 'docs/screenshots')
    : path.join(ROOT, 'e2e/artifacts/lighting-pages');

const PAGES = [
  { name: 'gateway', route: 'lighting/gateway', root: 'gateway-list' },
  { name: 'pole', route: 'lighting/pole', root: 'pole-list' },
  { name: 'lamp', route: 'lighting/lamp', root: 'lamp-list' },
  { name: 'group', route: 'lighting/group', root: 'group-list' },
  { name: 'cabinet', route: 'lighting/cabinet', root: 'cabinet-list' },
  { name: 'strategy', route: 'lighting/strategy', root: 'strategy-list' },
  { name: 'command', route: 'lighting/command', root: 'command-log' },
] as const;

let product: Product;
let fixture: LightingFixture;
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
  fixture = await createLightingFixture(product, 3);
  await furnishLightingLists(fixture, 60);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
});

async function signedIn(locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const { page } = await newPage(browser, { locale });
  await loginAsAdmin(page, product);
  // The console starts in Chinese whatever the browser says: pick the language in the header.
  await page.getByTestId(`language-${locale}`).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  return page;
}

/** Waits until the page's first table shows rows and nothing is loading. */
async function rowsShown(page: Page, root: string): Promise<void> {
  const scope = page.getByTestId(root);
  await scope.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => scope.locator('.ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
}

/** The query of every list request to `apiPath` the page makes from now on. */
function listRequests(page: Page, apiPath: string): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(apiPath)) seen.push(url.searchParams);
  });
  return seen;
}

/** Resolves to the next list request that satisfies `match`. */
async function requestMatching(
  seen: URLSearchParams[],
  match: (q: URLSearchParams) => boolean,
): Promise<URLSearchParams> {
  return waitFor(async () => seen.find(match), 10_000);
}

describe('lighting list pages', () => {
  for (const locale of ['zh-CN', 'en-US'] as const)
    it(`shows every lighting list with its rows (${locale})`, async () => {
      const page = await signedIn(locale);
      for (const target of PAGES) {
        await page.goto(`${product.baseUrl}/#/${target.route}`);
        await rowsShown(page, target.root);
        await page.screenshot({ path: path.join(SHOTS, `lighting-page-${target.name}-${locale}.png`) });
      }
      await page.context().close();
    });

  it('sends the lamp search, sort and page size to the lamp list API', async () => {
    const page = await signedIn('en-US');
    const seen = listRequests(page, '/lighting/lamp/list');
    await page.goto(`${product.baseUrl}/#/lighting/lamp`);
    await rowsShown(page, 'lamp-list');
    const first = await requestMatching(seen, () => true);
    expect(first.get('pageNo')).toBe('1');
    expect(first.get('pageSize')).toBe('10');

    // Keyword as typed (the server matches it itself), the state exactly.
    await page.getByTestId('list-lamps-filter-keyword').fill('L002');
    await page.getByTestId('list-lamps-filter-state').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .first()
      .click();
    await page.getByTestId('list-lamps-search').click();
    const searched = await requestMatching(seen, (q) => q.get('keyword') === 'L002');
    expect(searched.get('state')).toBe('on');
    expect(searched.get('pageNo')).toBe('1');
    await expect.poll(() => page.getByTestId('lamp-list').locator('tr.ant-table-row').count()).toBe(1);

    await page.getByTestId('list-lamps-reset').click();
    await expect.poll(() => page.getByTestId('lamp-list').locator('tr.ant-table-row').count()).toBe(3);
    await page.getByTestId('lamp-list').locator('th', { hasText: 'Address' }).click();
    const sorted = await requestMatching(seen, (q) => q.get('column') === 'address');
    expect(sorted.get('order')).toBe('asc');

    await page.getByTestId('lamp-list').locator('.ant-pagination-options .ant-select').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: /^50 /,
      })
      .click();
    const sized = await requestMatching(seen, (q) => q.get('pageSize') === '50');
    expect(sized.get('column')).toBe('address');
    await page.context().close();
  });

  it('sends the pole, gateway and command filters as those APIs expect', async () => {
    const page = await signedIn('en-US');
    const poles = listRequests(page, '/lighting/pole/list');
    await page.goto(`${product.baseUrl}/#/lighting/pole`);
    await rowsShown(page, 'pole-list');
    await page.getByTestId('list-poles-filter-code').fill('E2E-P002');
    await page.getByTestId('list-poles-search').click();
    await requestMatching(poles, (q) => q.get('code') === 'E2E-P002');
    await expect.poll(() => page.getByTestId('pole-list').locator('tr.ant-table-row').count()).toBe(1);

    const gateways = listRequests(page, '/lighting/gateway/list');
    await page.goto(`${product.baseUrl}/#/lighting/gateway`);
    await rowsShown(page, 'gateway-list');
    await page.getByTestId('list-gateways-filter-online').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .first()
      .click();
    await page.getByTestId('list-gateways-search').click();
    await requestMatching(gateways, (q) => q.get('online') === '1');

    const commands = listRequests(page, '/lighting/command/list');
    await page.goto(`${product.baseUrl}/#/lighting/command`);
    await rowsShown(page, 'command-log');
    const first = await requestMatching(commands, () => true);
    expect(first.get('pageSize')).toBe('20');
    await page.getByTestId('list-commands-filter-status').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'Failed',
      })
      .click();
    await page.getByTestId('list-commands-search').click();
    await requestMatching(commands, (q) => q.get('status') === 'failed');
    await page.getByTestId('command-log').locator('.ant-empty').waitFor();
    await page.context().close();
  });
});
