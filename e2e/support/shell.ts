import type { Page } from 'playwright-core';
import { submitLogin } from './console';
import { ADMIN_USERNAME, type Product } from './product';

/** Envelope of every API answer. */
export type Envelope<T> = { success: boolean; message: string; code: number; result: T };

/** Calls the API with a token (JSON in, envelope out). */
export async function api<T = unknown>(
  product: Product,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const response = await fetch(`${product.apiUrl}${path}`, {
    method,
    headers: {
      'X-Access-Token': token,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Envelope<T>;
}

/** Signs in through the API and returns the token. */
export async function apiLogin(product: Product, username: string, password: string): Promise<string> {
  const response = await fetch(`${product.apiUrl}/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as Envelope<{ token: string }>;
  if (!body.success) throw new Error(`login of ${username} failed: ${body.message}`);
  return body.result.token;
}

export function adminToken(product: Product): Promise<string> {
  return apiLogin(product, ADMIN_USERNAME, product.adminPassword);
}

let counter = 0;

/** Creates a user (roles and departments by id) and returns its id and username. */
export async function createUser(
  product: Product,
  options: {
    roles?: string[];
    departs?: string[];
    password?: string;
    prefix?: string;
    /** '0' big-screen user, '1' regular user (the default). */
    userType?: '0' | '1';
  } = {},
): Promise<{ id: string; username: string; password: string }> {
  const token = await adminToken(product);
  counter += 1;
  const username = `${options.prefix ?? 'shell'}${Date.now().toString(36)}${counter}`;
  const password = options.password ?? 'Shell-User-123';
  const added = await api<{ id: string } | string>(product, token, 'POST', '/sys/user/add', {
    username,
    realname: `测试${counter}`,
    password,
    confirmpassword: password,
    selectedroles: (options.roles ?? []).join(','),
    selecteddeparts: (options.departs ?? []).join(','),
    ...(options.userType ? { userType: options.userType } : {}),
  });
  if (!added.success) throw new Error(`user add failed: ${added.message}`);
  const id = typeof added.result === 'string' ? added.result : added.result?.id;
  if (id) return { id, username, password };
  const list = await api<{ records: { id: string; username: string }[] }>(
    product,
    token,
    'GET',
    `/sys/user/list?username=${encodeURIComponent(username)}`,
  );
  const found = list.result.records.find((r) => r.username === username);
  if (!found) throw new Error(`created user ${username} not found`);
  return { id: found.id, username, password };
}

/** Publishes an announcement (to everyone, or to the given user ids) and returns its id. */
export async function publishAnnouncement(
  product: Product,
  options: {
    title: string;
    content?: string;
    userIds?: string[];
    category?: '1' | '2';
    /** "Go handle" target: a console path or an http(s) address. */
    openPage?: string;
  },
): Promise<string> {
  const token = await adminToken(product);
  const added = await api<{ id: string }>(product, token, 'POST', '/sys/annountCement/add', {
    titile: options.title,
    msgContent: options.content ?? `<p>${options.title}</p>`,
    msgCategory: options.category ?? '1',
    msgType: options.userIds ? 'USER' : 'ALL',
    ...(options.userIds ? { userIds: options.userIds.join(',') } : {}),
    priority: 'M',
    ...(options.openPage ? { openType: 'url', openPage: options.openPage } : {}),
  });
  if (!added.success) throw new Error(`announcement add failed: ${added.message}`);
  const released = await api(product, token, 'PUT', '/sys/annountCement/doReleaseData', {
    id: added.result.id,
  });
  if (!released.success) throw new Error(`announcement release failed: ${released.message}`);
  return added.result.id;
}

/** Opens the login page and signs in; resolves when the signed-in layout shows. */
export async function loginAs(
  page: Page,
  product: Product,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${product.baseUrl}/#/user/login`);
  await page.getByTestId('login-page').waitFor();
  await submitLogin(page, username, password);
  await page.getByTestId('basic-layout').waitFor();
}

/** Text of the antd message toasts showing now. */
export async function waitForMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
}

/** The keys of the open page tabs, left to right. */
export async function tabKeys(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="page-tabs"] [data-tab-key]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-tab-key') ?? ''));
}

/** The namespaced local-storage value under `key` (`ics__<key>`), or null. */
export async function storedValue<T>(page: Page, key: string): Promise<T | null> {
  return page.evaluate((k) => {
    const raw = window.localStorage.getItem(`ics__${k}`);
    return raw ? ((JSON.parse(raw) as { value: unknown }).value as never) : null;
  }, key);
}
