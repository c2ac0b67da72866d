import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { adminToken, api, apiLogin } from './support/shell';

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
    // Declined as Jeecg does: HTTP 200 with success false (401 is kept for bad tokens).
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { success: boolean; errorCode?: string; message: string };
    expect(body.success).toBe(false);
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
    // A dashboard request still in flight when the token goes would meet the 401 before the
    // reload does (and leave for login on its own): revoke only once the page is quiet.
    await page.waitForLoadState('networkidle');
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
    const revoked = page.waitForResponse((r) => r.url().includes('/ics/sys/logout'));
    await confirm.getByRole('button', { name: /确\s?定/ }).click();
    expect((await revoked).status()).toBe(200);
    await page.getByTestId('login-page').waitFor();
    expect(hashRoute(page)).toBe('/user/login');
    expect(await storedToken(page)).toBeNull();
  });
});

/** The one-time code the product wrote to its log (its default SMS sender) for `phone`. */
async function smsCodeFromLog(
  product: Product,
  phone: string,
  purpose: 'register' | 'reset',
): Promise<string> {
  const pattern = new RegExp(`SMS code for ${phone} \\(${purpose}\\): (\\d{6})`, 'g');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = [...product.output().matchAll(pattern)].at(-1)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Placeholders of the page's form fields, top to bottom. */
function placeholders(page: Page, testId: string): Promise<string[]> {
  return page
    .getByTestId(testId)
    .locator('input[placeholder]')
    .evaluateAll((inputs) => inputs.map((i) => i.getAttribute('placeholder') ?? ''));
}

describe('register and password reset (the shared phone, code and password block)', () => {
  const phone = `139${String(Date.now()).slice(-8)}`;
  const username = `reg${Date.now().toString(36)}`;

  it('registers with a phone code; the fields keep their order and checks', async () => {
    const token = await adminToken(product);
    const current = await api<Record<string, unknown>>(product, token, 'GET', '/sys/platform/settings');
    const { platFormLogo: _logo, platFormLoginSrc: _bg, ...editable } = current.result;
    const enabled = await api(product, token, 'PUT', '/sys/platform/settings', {
      ...editable,
      registerEnabled: true,
    });
    expect(enabled.success).toBe(true);

    await freshPage();
    await page.goto(`${product.baseUrl}/#/user/register`);
    await page.getByTestId('register-page').waitFor();
    expect(await placeholders(page, 'register-page')).toEqual([
      '用户名',
      '至少 6 位密码，区分大小写',
      '确认密码',
      '手机号',
      '验证码',
      '邮箱（选填）',
    ]);
    const form = page.getByTestId('register-page');
    // The code needs a valid phone first.
    await page.getByTestId('sms-send').click();
    await form.getByText('请输入正确的手机号！').waitFor();

    await form.getByPlaceholder('用户名', { exact: true }).fill(username);
    await form.getByPlaceholder('至少 6 位密码，区分大小写').fill('Reg-Pass-123');
    await form.getByPlaceholder('确认密码').fill('Reg-Pass-999');
    await form.getByText('两次输入的密码不一样！').waitFor();
    await form.getByPlaceholder('确认密码').fill('Reg-Pass-123');
    await form.getByPlaceholder('手机号').fill(phone);
    await page.getByTestId('sms-send').click();
    await page
      .getByTestId('sms-send')
      .getByText(/秒后重发/)
      .waitFor();
    await form.getByPlaceholder('验证码').fill(await smsCodeFromLog(product, phone, 'register'));
    await form.getByRole('button', { name: /注\s?册/ }).click();
    await waitForRoute(page, /^\/user\/register-result/);
    await page.getByText(`你的账户：${username} 注册成功`).waitFor();
    expect(await apiLogin(product, username, 'Reg-Pass-123')).toBeTruthy();
  });

  it('resets the password of that phone with a new code', async () => {
    await freshPage();
    await page.goto(`${product.baseUrl}/#/user/alteration`);
    await page.getByTestId('alteration-page').waitFor();
    expect(await placeholders(page, 'alteration-page')).toEqual([
      '手机号',
      '验证码',
      '新密码（至少 6 位）',
      '确认新密码',
    ]);
    const form = page.getByTestId('alteration-page');
    await form.getByPlaceholder('手机号').fill(phone);
    await page.getByTestId('sms-send').click();
    await page
      .getByTestId('sms-send')
      .getByText(/秒后重发/)
      .waitFor();
    await form.getByPlaceholder('验证码').fill(await smsCodeFromLog(product, phone, 'reset'));
    await form.getByPlaceholder('新密码（至少 6 位）').fill('Reset-Pass-456');
    await form.getByPlaceholder('确认新密码').fill('Reset-Pass-456');
    await form.getByRole('button', { name: '重置密码' }).click();
    await page.getByTestId('login-page').waitFor();
    await page.getByText('密码已重置，请使用新密码登录').waitFor();
    expect(await apiLogin(product, username, 'Reset-Pass-456')).toBeTruthy();
  });
});

describe('logout with a central sign-on server', () => {
  let casProduct: Product;
  let cas: http.Server;
  const casHits: URL[] = [];

  beforeAll(async () => {
    // A stand-in CAS server: its logout page only records the call.
    cas = http.createServer((req, res) => {
      casHits.push(new URL(req.url ?? '/', 'http://cas.local'));
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p data-testid="cas-logout">signed out</p>');
    });
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
    const port = (cas.address() as AddressInfo).port;
    casProduct = await startProduct({ env: { ICS_CAS_URL: `http://127.0.0.1:${port}/cas/` } });
  });

  afterAll(async () => {
    await casProduct?.stop();
    await new Promise<void>((resolve) => (cas ? cas.close(() => resolve()) : resolve()));
  });

  it('revokes the token, then goes to <cas>/logout with the console as the service', async () => {
    await freshPage();
    await loginAsAdmin(page, casProduct);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    await page.getByTestId('logout').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /确\s?定/ }).click();
    await page.getByTestId('cas-logout').waitFor();
    // The browser also asks the CAS host for its favicon; the logout call is the one that counts.
    const hit = casHits.find((h) => h.pathname === '/cas/logout');
    expect(hit?.searchParams.get('service')).toBe(`${casProduct.baseUrl}/`);
    const revoked = await fetch(`${casProduct.apiUrl}/sys/getLoginUser/${ADMIN_USERNAME}`, {
      headers: { 'X-Access-Token': token! },
    });
    expect(revoked.status).toBe(401);
  });
});
