import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { createLightingFixture, type LightingFixture, simLamp } from './support/lighting-fixture';
import { type Product as DeviceProduct, startProduct as startDeviceProduct } from './support/product';

// Issue 5: live device state and the device test console, against a simulated gateway.
let product: DeviceProduct;
let fixture: LightingFixture;
let browser: Browser;

beforeAll(async () => {
  product = await startDeviceProduct();
  fixture = await createLightingFixture(product, 3);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
});

async function signedIn(): Promise<Page> {
  const { page } = await newPage(browser, { locale: 'en-US' });
  await loginAsAdmin(page, product);
  return page;
}

describe('device state and test console', () => {
  it('shows a lamp state change as soon as the simulator reports it, pushed only where it is shown', async () => {
    const { page } = await newPage(browser, { locale: 'en-US' });
    // The state pushes the console receives (its one WebSocket), from before it opens.
    const states: Array<{ devices: Array<{ id: string }> }> = [];
    const watches: string[] = [];
    page.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => {
        const text = typeof frame.payload === 'string' ? frame.payload : '';
        if (text.includes('"kind":"device.state"')) states.push(JSON.parse(text).payload);
      });
      ws.on('framesent', (frame) => {
        const text = typeof frame.payload === 'string' ? frame.payload : '';
        if (text.startsWith('{"cmd":"watch"')) watches.push(text);
      });
    });
    await loginAsAdmin(page, product);
    await page.goto(`${product.baseUrl}/#/lighting/lamp`);
    const level = page.getByTestId(`lamp-level-${fixture.sn}-L002`);
    await expect.poll(() => level.textContent(), { timeout: 15_000 }).toBe('80%');
    const lamp = simLamp(fixture.gateway, 'L002');
    lamp.level = 35;
    lamp.target = 35;
    await fixture.gateway.telemetry();
    // No reload: the WebSocket push updates the row.
    await expect.poll(() => level.textContent(), { timeout: 15_000 }).toBe('35%');
    // Filtered to one lamp, the list watches that lamp alone.
    await page.getByTestId('list-lamps-filter-keyword').fill('L003');
    await page.getByTestId('list-lamps-search').click();
    await expect.poll(() => page.getByTestId(`lamp-level-${fixture.sn}-L002`).count()).toBe(0);
    await page.waitForTimeout(500);
    states.length = 0;
    await fixture.gateway.telemetry();
    await expect.poll(() => states.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const pushedIds = new Set(states.flatMap((s) => s.devices.map((d) => d.id)));
    expect(pushedIds.size).toBe(1);
    // With no page showing live state open (the lamp list's tab is kept alive until it is
    // closed, so the console is loaded afresh on another page) it is sent none.
    await page.goto(`${product.baseUrl}/#/system/user`);
    watches.length = 0;
    await page.reload();
    await page.getByTestId('list-users').waitFor();
    // The new socket is open and has said it watches nothing.
    await expect.poll(() => watches, { timeout: 10_000 }).toEqual(['{"cmd":"watch","devices":[]}']);
    states.length = 0;
    await fixture.gateway.telemetry();
    await page.waitForTimeout(2_500);
    expect(states).toEqual([]);
    await page.context().close();
  });

  it('shows raw messages live and sends any command with its outcome', async () => {
    const page = await signedIn();
    await page.goto(`${product.baseUrl}/#/test`);
    await page.getByTestId('test-console').waitFor();
    await page.getByTestId('target-search').click();
    await page.keyboard.type('L001');
    // Recording of the gateway's raw messages starts with the page's first poll of them.
    const watching = page.waitForResponse((r) => r.url().includes('/test/device/raw') && r.ok());
    await page.locator('.ant-select-item-option', { hasText: 'L001' }).first().click();
    await page.getByTestId('test-target').waitFor();
    await watching;

    await fixture.gateway.heartbeat();
    await page.getByTestId('raw-message').first().waitFor({ timeout: 15_000 });

    // lamp.dim with level 20 through the generated form.
    await page.getByTestId('command-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'lamp.dim' }).first().click();
    const levelInput = page.getByTestId('command-form').getByRole('spinbutton').first();
    await levelInput.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('20');
    await page.keyboard.press('Tab');
    await expect.poll(() => levelInput.inputValue()).toBe('20');
    await page.getByTestId('command-send').click();
    await page.getByTestId('command-status-acked').first().waitFor({ timeout: 20_000 });
    const history = await page.getByTestId('command-history').textContent();
    expect(history).toContain('"level":20');
    expect(simLamp(fixture.gateway, 'L001').level).toBe(20);
    // The command and its ack appear among the raw messages.
    await expect
      .poll(async () => (await page.getByTestId('raw-messages').textContent()) ?? '', { timeout: 10_000 })
      .toContain('/up/ack');
    await page.context().close();
  });

  it('refuses the console without the mark', async () => {
    await fixture.api.post('/sys/user/add', {
      username: 'viewer1',
      realname: 'Viewer',
      password: 'Viewer-123!',
      confirmpassword: 'Viewer-123!',
      selectedroles: 'role-viewer',
    });
    const { page } = await newPage(browser, { locale: 'en-US' });
    await page.goto(`${product.baseUrl}/#/user/login`);
    await page.getByTestId('login-username').fill('viewer1');
    await page.getByTestId('login-password').fill('Viewer-123!');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('platform-title').waitFor();
    await page.goto(`${product.baseUrl}/#/test/TestSpecial`);
    await page.getByTestId('test-console-denied').waitFor();
    await page.context().close();
  });
});
