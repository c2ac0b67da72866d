import type { Page } from 'playwright-core';
import { ADMIN_USERNAME, type Product } from './product';

/** The path and query of the hash route the page shows (`/user/login?redirect=...`). */
export function hashRoute(page: Page): string {
  const hash = new URL(page.url()).hash;
  return hash.startsWith('#') ? hash.slice(1) : hash;
}

export async function waitForRoute(page: Page, pattern: RegExp, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (source) => new RegExp(source).test(window.location.hash.slice(1)),
    pattern.source,
    { timeout },
  );
}

/** Fills the account form of the login page (which must be showing) and submits it. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Opens the login page and signs in as the administrator; resolves on the dashboard. */
export async function loginAsAdmin(page: Page, product: Product): Promise<void> {
  await page.goto(`${product.baseUrl}/#/user/login`);
  await page.getByTestId('login-page').waitFor();
  await submitLogin(page, ADMIN_USERNAME, product.adminPassword);
  await page.getByTestId('platform-title').waitFor();
}

/** The session token the console keeps (namespaced storage entry `{value, expire}`). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('ics__Access-Token');
    if (!raw) return null;
    return (JSON.parse(raw) as { value?: string }).value ?? null;
  });
}

/** The platform settings as the API answers them in `lang`. */
export async function platformTitle(product: Product, lang: 'zh-CN' | 'en-US'): Promise<string> {
  const response = await fetch(`${product.apiUrl}/sys/platform/public`, {
    headers: { 'Accept-Language': lang },
  });
  const body = (await response.json()) as { result: { platFormTitleCn: string } };
  return body.result.platFormTitleCn;
}

/** Waits for the animations under way (a dialog fading in, a menu folding away) to end. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** Opens a console page by its route and waits until its own tab is the active one. */
export async function showPage(page: Page, route: string): Promise<void> {
  await page.evaluate((p) => {
    window.location.hash = `#${p}`;
  }, route);
  await waitForRoute(page, new RegExp(`^${route.replace(/[/]/g, '\\/')}$`));
  // The router shows a lazily loaded page once its code is in: until then the previous one stays.
  await page.waitForFunction(
    (key) =>
      document
        .querySelector('[data-testid="page-tabs"] .ant-tabs-tab-active [data-tab-key]')
        ?.getAttribute('data-tab-key') === key,
    route,
  );
}

/** The routes of the system and lighting lists. */
export const LIST_PAGES = [
  '/system/user',
  '/system/role',
  '/system/dict',
  '/system/announcement',
  '/system/project',
  '/system/i18n',
  '/system/log',
  '/lighting/gateway',
  '/lighting/pole',
  '/lighting/lamp',
  '/lighting/group',
  '/lighting/cabinet',
  '/lighting/strategy',
  '/lighting/command',
] as const;
