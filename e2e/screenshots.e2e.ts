import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { type Product, startProduct } from './support/product';

// Screenshots for the docs with ICS_SCREENSHOTS=1 (docs/screenshots), else to e2e/artifacts.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT =
  process.env.ICS_SCREENSHOTS === '1'
    ? path.join(ROOT, 'docs/screenshots')
    : path.join(ROOT, 'e2e/artifacts');

let product: Product;
let browser: Browser;

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  product = await startProduct();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('screenshots', () => {
  it('login page in zh-CN and en-US, and the dashboard', async () => {
    // Reduced motion draws the particle background once, so the pictures are calm.
    const { context, page } = await newPage(browser, { reducedMotion: 'reduce' });
    try {
      await page.goto(`${product.baseUrl}/#/user/login`);
      await page.getByTestId('login-page').waitFor();
      await page.screenshot({ path: path.join(OUT, 'login-zh.png') });

      await page.getByTestId('language-en-US').click();
      await page.getByTestId('login-submit').getByText('Log in').waitFor();
      await page.screenshot({ path: path.join(OUT, 'login-en.png') });

      await page.getByTestId('language-zh-CN').click();
      await loginAsAdmin(page, product);
      await page.getByTestId('dashboard-greeting').waitFor();
      await page.screenshot({ path: path.join(OUT, 'dashboard.png') });
    } finally {
      await context.close();
    }
  });
});
