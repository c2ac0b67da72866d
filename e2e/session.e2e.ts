import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import {
  hashRoute,
  loginAsAdmin,
  platformTitle,
  storedToken,
  submitLogin,
  waitForRoute,
} from './support/console';
import { ADMIN_USERNAME, type Product, startProduct } from './support/product';

let product: Product;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function freshPage(): Promise<Page> {
  ({ context, page } = await newPage(browser));
  return page;
}

afterEach(async () => {
  await context?.close();
});

describe('session journeys', () => {
  it('a wrong password shows the server message above the form', async () => {
    await freshPage();
    await page.goto(`${product.baseUrl}/#/user/login`);
    await page.getByTestId('login-page').waitFor();
    const answer = page.waitForResponse((r) => r.url().includes('/ics/sys/login'));
    await submitLogin(page, ADMIN_USERNAME, 'not-the-password');
    const response = await answer;
    expect(response.status()).toBe(401);
    const body = (await response.json()) as { errorCode?: string; message: string };
    expect(body.errorCode).toBe('auth.bad_credentials');
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(body.message);
    expect(hashRoute(page)).toBe('/user/login');
    expect(await storedToken(page)).toBeNull();
    // The login form shows its own errors: no global notice on top.
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
  });

  it('empty fields are flagged before anything is sent', async () => {
    await freshPage();
    await page.goto(`${product.baseUrl}/#/user/login`);
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('请输入用户名！').isVisible()).resolves.toBe(true);
    await expect(page.getByText('请输入密码！').isVisible()).resolves.toBe(true);
  });

  it('login lands on the dashboard with the platform title, and a reload keeps the session', async () => {
    await freshPage();
    await loginAsAdmin(page, product);
    expect(hashRoute(page)).toBe('/dashboard/analysis');
    const title = await platformTitle(product, 'zh-CN');
    expect(await page.getByTestId('platform-title').textContent()).toBe(title);
    expect(await page.title()).toBe(title);
    await expect(page.getByTestId('dashboard-greeting').textContent()).resolves.toContain('管理员');
    expect(await storedToken(page)).toBeTruthy();

    await page.reload();
    await page.getByTestId('platform-title').waitFor();
    expect(hashRoute(page)).toBe('/dashboard/analysis');
    await page.getByTestId('dashboard-analysis').waitFor();
  });

  it('an unknown path shows the 404 page, whose button leads home', async () => {
    await freshPage();
    await loginAsAdmin(page, product);
    await page.goto(`${product.baseUrl}/#/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    expect(hashRoute(page)).toBe('/404');
    await page.getByTestId('not-found-home').click();
    await waitForRoute(page, /^\/dashboard\/analysis$/);
    await page.getByTestId('platform-title').waitFor();
  });

  it('without a token a page sends to login with a redirect, and login opens the requested page', async () => {
    await freshPage();
    await page.goto(`${product.baseUrl}/#/dashboard/analysis?from=e2e`);
    await page.getByTestId('login-page').waitFor();
    expect(hashRoute(page)).toBe(
      `/user/login?redirect=${encodeURIComponent('/dashboard/analysis?from=e2e')}`,
    );
    await submitLogin(page, ADMIN_USERNAME, product.adminPassword);
    await waitForRoute(page, /^\/dashboard\/analysis\?from=e2e$/);
    await page.getByTestId('platform-title').waitFor();
  });

  it('with a token the login page forwards to the dashboard', async () => {
    await freshPage();
    await loginAsAdmin(page, product);
    await page.goto(`${product.baseUrl}/#/user/login`);
    await waitForRoute(page, /^\/dashboard\/analysis$/);
  });

  it('a revoked token (401) leads back to login', async () => {
    await freshPage();
    await loginAsAdmin(page, product);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const revoked = await fetch(`${product.apiUrl}/sys/logout`, {
      method: 'POST',
      headers: { 'X-Access-Token': token ?? '' },
    });
    expect(revoked.status).toBe(200);

    const unauthorised = page.waitForResponse(
      (r) => r.url().includes('/ics/sys/permission/getUserPermissionByToken') && r.status() === 401,
    );
    await page.reload();
    await unauthorised;
    await waitForRoute(page, /^\/user\/login\?redirect=%2Fdashboard%2Fanalysis$/);
    await page.getByText('未授权，请重新登录').waitFor();
    expect(await storedToken(page)).toBeNull();
    // The delayed reload after the 401 keeps the user on the login page.
    await page.waitForTimeout(2_000);
    await page.getByTestId('login-page').waitFor();
    expect(hashRoute(page)).toMatch(/^\/user\/login/);
  });

  it('a token-expired answer shows the 登录已过期 dialog whose button leads to login', async () => {
    await freshPage();
    await loginAsAdmin(page, product);
    await page.route(
      '**/ics/sys/permission/getUserPermissionByToken**',
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            message: 'Token失效，请重新登录',
            code: 500,
            result: null,
            timestamp: 0,
          }),
        }),
      { times: 1 },
    );
    await page.reload();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.waitFor();
    expect(await dialog.locator('.ant-modal-confirm-title').textContent()).toBe('登录已过期');
    expect(await dialog.locator('.ant-modal-confirm-content').textContent()).toBe(
      '很抱歉，登录已过期，请重新登录',
    );
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await page.getByTestId('login-page').waitFor();
    await waitForRoute(page, /^\/user\/login/);
    expect(await storedToken(page)).toBeNull();
  });

  it('the language switch on the login page turns the texts to English (and is remembered)', async () => {
    await freshPage();
    await page.goto(`${product.baseUrl}/#/user/login`);
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByTestId('login-submit').textContent()).toMatch(/登\s?录/);
    await page.getByTestId('language-en-US').click();
    await page.getByTestId('login-submit').getByText('Log in').waitFor();
    expect(await page.getByTestId('login-tab-account').textContent()).toBe('Account & password');
    expect(await page.getByTestId('login-tab-phone').textContent()).toBe('Phone code');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    const english = await platformTitle(product, 'en-US');
    await page.getByTestId('user-platform-title').getByText(english).waitFor();
    expect(await page.title()).toBe(`Log in · ${english}`);

    // The server answers in the chosen language too.
    const answer = page.waitForResponse((r) => r.url().includes('/ics/sys/login'));
    await submitLogin(page, ADMIN_USERNAME, 'not-the-password');
    expect((await answer).request().headers()['accept-language']).toBe('en-US');
    expect(await page.getByTestId('login-error').textContent()).toBe('Wrong username or password');

    await page.reload();
    await page.getByTestId('login-submit').getByText('Log in').waitFor();
  });

  it('logout asks for confirmation and returns to the login page', async () => {
    await freshPage();
    await loginAsAdmin(page, product);
    await page.getByTestId('logout').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /确\s?定/ }).click();
    await page.getByTestId('login-page').waitFor();
    expect(hashRoute(page)).toBe('/user/login');
    expect(await storedToken(page)).toBeNull();
  });
});
