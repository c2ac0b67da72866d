import type { Page, Response } from 'playwright-core';
import type { Product } from './product';

type Envelope<T> = { success: boolean; message: string; code: number; result: T; errorCode?: string };

/** Signs in through the API (no captcha before failures); resolves to the token. */
export async function apiLogin(product: Product, username: string, password: string): Promise<string> {
  const response = await fetch(`${product.apiUrl}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as Envelope<{ token: string }>;
  if (!body.success) throw new Error(`login ${username} failed: ${body.message}`);
  return body.result.token;
}

/** One API call with a token; resolves to the envelope. */
export async function api<T = unknown>(
  product: Product,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const response = await fetch(`${product.apiUrl}${path}`, {
    method,
    headers: {
      'X-Access-Token': token,
      'Accept-Language': 'zh-CN',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Envelope<T>;
}

/** Opens a console route and waits for a test id. */
export async function openRoute(page: Page, product: Product, route: string, testId: string): Promise<void> {
  await page.goto(`${product.baseUrl}/#${route}`);
  await page.getByTestId(testId).waitFor({ timeout: 20_000 });
}

/** Opens an antd Select / TreeSelect by its test id and picks the option titled `title`. */
export async function pickOption(page: Page, testId: string, title: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.locator('xpath=ancestor-or-self::*[contains(@class,"ant-select")][1]').first().click();
  const option = page
    .locator(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="${title}"], .ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`,
    )
    .first();
  await option.click();
  await page.keyboard.press('Escape');
}

/** Waits for the next answer of an API path (`/sys/user/add`). */
export function nextResponse(page: Page, path: string): Promise<Response> {
  return page.waitForResponse((r) => r.url().includes(`/ics${path}`) && r.request().method() !== 'OPTIONS');
}

/** Texts of the side menu's items as rendered. */
export async function sideMenuTitles(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines (one per item) are wanted
  const text = await page.locator('.ant-layout-sider .ant-menu').first().innerText();
  return text
    .split('\n')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Runs a list search with a text filter. */
export async function searchList(page: Page, list: string, filter: string, value: string): Promise<void> {
  await page.getByTestId(`list-${list}-filter-${filter}`).fill(value);
  const answer = page.waitForResponse((r) => r.url().includes('/list?') && r.status() === 200);
  await page.getByTestId(`list-${list}-search`).click();
  await answer;
}
