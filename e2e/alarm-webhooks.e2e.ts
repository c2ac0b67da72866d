import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './support/admin';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { ADMIN_USERNAME, type Product, startProduct } from './support/product';

// Issue 26: a project's alarm webhooks managed in the console, tested against a receiver this
// test runs (the server posts to any http(s) address, loopback included).
let product: Product;
let browser: Browser;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ method: string; path: string; headers: IncomingHttpHeaders; body: string }> = [];

const artifacts = path.resolve(import.meta.dirname, 'artifacts');
const SECRET = 'e2e-webhook-secret-0123456789';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ics-alarms`;
  product = await startProduct();
  const token = await apiLogin(product, ADMIN_USERNAME, product.adminPassword);
  const project = await api<{ id: string }>(product, token, 'POST', '/sys/project/add', {
    name: 'E2E Webhooks',
    code: 'E2EWH',
    longitude: 117.178249,
    latitude: 34.161036,
    timeZone: 'Asia/Shanghai',
    departIds: 'dep-root',
  });
  if (!project.success) throw new Error(project.message);
  browser = await launchBrowser();
  mkdirSync(artifacts, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

let current: Page | undefined;
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && current && !current.isClosed())
    await current.screenshot({ path: path.join(artifacts, `failed-${ctx.task.name.slice(0, 40)}.png`) });
  current = undefined;
});

async function openWebhooks(locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const { page } = await newPage(browser, { locale });
  current = page;
  await loginAsAdmin(page, product);
  await page.getByTestId(`language-${locale}`).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  await page.goto(`${product.baseUrl}/#/alarm/rule`);
  await page.getByTestId('rule-list').waitFor();
  await page.getByRole('tab', { name: locale === 'en-US' ? 'Webhooks' : 'Webhook' }).click();
  await page.getByTestId('webhook-tab').waitFor();
  return page;
}

const signatureOf = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

describe('alarm webhooks in the console', () => {
  it('adds a webhook, sends a signed test to the receiver and lists the delivery', {
    timeout: 120_000,
  }, async () => {
    const page = await openWebhooks('en-US');
    await expect.poll(() => page.getByTestId('webhook-list').textContent()).toContain('Nothing here');

    await page.getByTestId('webhook-add').click();
    const form = page.getByTestId('webhook-form');
    await form.waitFor();
    // The contract's rules refuse what the server would: not http(s), a secret too short.
    await page.getByTestId('webhook-url').fill('ftp://example.test/hook');
    await page.getByTestId('webhook-secret').fill('short');
    await page.getByTestId('webhook-save').click();
    await form.getByText('Please enter an address starting with http:// or https://').waitFor();
    await form.getByText('The secret must be 16 to 200 characters').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(artifacts, 'alarm-webhook-form-en-US.png') });

    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByTestId('webhook-secret').fill(SECRET);
    await page.getByTestId('webhook-save').click();
    await form.waitFor({ state: 'hidden' });
    const row = page.getByTestId('webhook-list').locator('.ant-table-row', { hasText: receiverUrl });
    await row.waitFor();
    expect(await row.textContent()).toContain('Nothing sent yet');
    await page.screenshot({ path: path.join(artifacts, 'alarm-webhooks-en-US.png'), fullPage: true });

    await row.getByRole('button', { name: 'Send test' }).click();
    await expect
      .poll(() => page.getByTestId('webhook-test-result').textContent(), { timeout: 15_000 })
      .toBe('Test delivered: HTTP 200');
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit!.method).toBe('POST');
    expect(hit!.path).toBe('/ics-alarms');
    expect(hit!.headers['content-type']).toContain('application/json');
    const signature = String(hit!.headers['x-ics-signature']);
    expect(timingSafeEqual(Buffer.from(signature), Buffer.from(signatureOf(hit!.body)))).toBe(true);
    expect(JSON.parse(hit!.body)).toMatchObject({ event: 'notified', test: true });
    // The row now tells how its latest delivery went.
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Delivered · 200');

    await row.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByTestId('webhook-deliveries');
    await deliveries.locator('.ant-table-row').first().waitFor();
    await page.waitForTimeout(400);
    const delivery = deliveries.locator('.ant-table-row').first();
    const cells = await delivery.locator('td').allTextContents();
    // time, event, status, status code, attempts, next retry, error
    expect(cells.slice(1, 6)).toEqual(['Test', 'Delivered', '200', '1', '—']);
    await page.screenshot({ path: path.join(artifacts, 'alarm-webhook-deliveries-en-US.png') });
    await page.keyboard.press('Escape');
    await deliveries.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('shows the webhooks in Chinese, and deletes one after confirmation', { timeout: 90_000 }, async () => {
    const page = await openWebhooks('zh-CN');
    const row = page.getByTestId('webhook-list').locator('.ant-table-row', { hasText: receiverUrl });
    await row.waitFor();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('已送达 · 200');
    await expect.poll(() => page.locator('.ant-spin-spinning:visible').count()).toBe(0);
    await page.screenshot({ path: path.join(artifacts, 'alarm-webhooks-zh-CN.png'), fullPage: true });

    // Editing with the secret left blank keeps it: the next test is still signed with it.
    await row.getByRole('button', { name: '编辑' }).click();
    await page.getByTestId('webhook-form').waitFor();
    expect(await page.getByTestId('webhook-url').inputValue()).toBe(receiverUrl);
    expect(await page.getByTestId('webhook-secret').inputValue()).toBe('');
    await page.getByTestId('webhook-save').click();
    await page.getByTestId('webhook-form').waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: '发送测试' }).click();
    await expect
      .poll(() => page.getByTestId('webhook-test-result').textContent(), { timeout: 15_000 })
      .toBe('测试推送成功：HTTP 200');
    const last = received.at(-1)!;
    expect(received).toHaveLength(2);
    expect(last.headers['x-ics-signature']).toBe(signatureOf(last.body));

    await row.getByRole('button', { name: '删除' }).click();
    await page.getByText('删除此 Webhook 及其推送记录？').waitFor();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect
      .poll(() => page.getByTestId('webhook-list').locator('.ant-table-row').count(), { timeout: 10_000 })
      .toBe(0);
    await page.context().close();
  });
});
