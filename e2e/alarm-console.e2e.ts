import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { createLightingFixture, type LightingFixture, simLamp, waitFor } from './support/lighting-fixture';
import { gradientPng } from './support/png';
import { type Product, startProduct } from './support/product';
import { startTileServer } from './support/tile-server';

// Issue 26: fault alarms in the console (bell, list, acknowledge, resolve) and work orders.
let product: Product;
let fixture: LightingFixture;
let browser: Browser;

const artifacts = path.resolve(import.meta.dirname, 'artifacts');
const TECH_PASSWORD = 'Tech-12345!';

type Alarm = { id: string; code: string; status: string; deviceId: string | null };

beforeAll(async () => {
  product = await startProduct();
  fixture = await createLightingFixture(product, 2);
  browser = await launchBrowser();
  // A technician of the project's department who takes work orders.
  await fixture.api.post('/sys/user/add', {
    username: 'tech1',
    realname: 'Tech One',
    password: TECH_PASSWORD,
    confirmpassword: TECH_PASSWORD,
    selectedroles: 'role-operator',
    selecteddeparts: 'dep-root',
  });
  mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
});

/** The page a test works on, pictured when the test fails. */
let current: Page | undefined;
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && current && !current.isClosed())
    await current.screenshot({ path: path.join(artifacts, `failed-${ctx.task.name.slice(0, 40)}.png`) });
  current = undefined;
});

async function signIn(locale: 'en-US' | 'zh-CN', username?: string): Promise<Page> {
  const { page } = await newPage(browser, { locale });
  current = page;
  if (!username) {
    await loginAsAdmin(page, product);
  } else {
    await page.goto(`${product.baseUrl}/#/user/login`);
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(TECH_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('platform-title').waitFor();
  }
  // The console starts in Chinese whatever the browser says: pick the language in the header.
  await page.getByTestId(`language-${locale}`).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  return page;
}

/** The active alarm of lamp L001 with this code, as the API lists it. */
async function lampAlarm(code: string): Promise<Alarm> {
  const lamp = fixture.lamps.find((l) => l.address === 'L001')!;
  return waitFor(async () => {
    const page = await fixture.api.get<{ records: Alarm[] }>(`/alarm/list?deviceId=${lamp.id}&status=all`);
    return page.records.find((a) => a.code === code) ?? null;
  });
}

async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}

describe('alarm console', () => {
  it('shows a simulated fault in the bell and the list within seconds, without a reload', {
    timeout: 90_000,
  }, async () => {
    const page = await signIn('en-US');
    await page.goto(`${product.baseUrl}/#/alarm/list`);
    await page.getByTestId('list-alarms').waitFor();
    const bell = page.getByTestId('alarm-bell');
    await expect.poll(() => bell.getAttribute('data-count'), { timeout: 15_000 }).toBe('0');

    simLamp(fixture.gateway, 'L001').faults.add('lampFailure');
    const reported = Date.now();
    await fixture.gateway.telemetry();

    await expect.poll(() => bell.getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
    // The fault flag in words, never its code.
    const row = page.locator('tr.ant-table-row', { hasText: 'Lamp failure' });
    await row.first().waitFor({ timeout: 10_000 });
    expect(Date.now() - reported).toBeLessThan(10_000);
    await expect.poll(() => row.first().textContent()).toContain('Open');

    await bell.click();
    await page.getByTestId('alarm-bell-list').getByText('Lamp failure').first().waitFor();
    expect(await page.getByTestId('alarm-bell-list').textContent()).not.toContain('lampFailure');
    await page.getByTestId('alarm-bell-more').click();
    await page.getByTestId('list-alarms').waitFor();
    await screenshot(page, 'alarm-list-en-US');
    await page.context().close();
  });

  it('acknowledges and resolves with a comment, shown on the timeline', { timeout: 90_000 }, async () => {
    const alarm = await lampAlarm('lampFailure');
    const page = await signIn('en-US');
    await page.goto(`${product.baseUrl}/#/alarm/list`);
    const row = page.locator(`tr[data-row-key="${alarm.id}"]`);
    await row.waitFor();

    const act = async (button: string, comment: string) => {
      await row.locator('.ant-checkbox-input').check();
      await page.getByTestId(button).click();
      await page.getByTestId('alarm-comment-input').fill(comment);
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.locator('.ant-modal-footer').waitFor({ state: 'hidden' });
    };
    await act('alarm-batch-ack', 'crew on the way');
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Acknowledged');
    await act('alarm-batch-resolve', 'lamp replaced');
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Resolved');

    await page.getByTestId(`alarm-detail-${alarm.id}`).click();
    const timeline = page.getByTestId('alarm-timeline');
    await expect.poll(() => timeline.textContent(), { timeout: 10_000 }).toContain('crew on the way');
    expect(await timeline.textContent()).toContain('lamp replaced');
    await screenshot(page, 'alarm-drawer-en-US');
    await page.keyboard.press('Escape');

    // "Open device" shows the lamp list filtered to that lamp.
    await row.getByText('Open device').click();
    const lamps = page.getByTestId('list-lamps');
    await lamps.waitFor();
    await expect.poll(() => lamps.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await lamps.locator('.ant-table-row').textContent()).toContain('L001');
    await page.context().close();
  });

  it('creates a work order from an alarm, and its assignee closes it after a warning', {
    timeout: 150_000,
  }, async () => {
    // A second fault on the same lamp: a fresh open alarm.
    simLamp(fixture.gateway, 'L001').faults.add('relayFailure');
    await fixture.gateway.telemetry();
    const alarm = await lampAlarm('relayFailure');

    const admin = await signIn('zh-CN');
    await admin.goto(`${product.baseUrl}/#/alarm/list`);
    const row = admin.locator(`tr[data-row-key="${alarm.id}"]`);
    await row.waitFor({ timeout: 15_000 });
    await screenshot(admin, 'alarm-list-zh-CN');
    await row.locator('.ant-checkbox-input').check();
    await admin.getByTestId('alarm-batch-workorder').click();
    const form = admin.locator('.ant-modal', { has: admin.getByTestId('workorder-title') });
    await admin.getByTestId('workorder-title').fill('Relay of L001');
    await form.getByTestId('workorder-assignee').click();
    await admin.keyboard.type('tech1');
    await admin.locator('.ant-select-item-option', { hasText: 'tech1' }).first().click();
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await form.waitFor({ state: 'hidden' });
    const order = await waitFor(async () => {
      const page = await fixture.api.get<{ records: Array<{ id: string; code: string; status: string }> }>(
        `/alarm/workorder/list?alarmId=${alarm.id}`,
      );
      return page.records[0] ?? null;
    });
    expect(order.status).toBe('assigned');
    // The alarm names its order; the number opens it.
    const link = row.getByTestId(`alarm-workorder-${order.id}`);
    await expect.poll(() => link.textContent(), { timeout: 10_000 }).toBe(order.code);
    await link.click();
    await admin.getByTestId('workorder-drawer').getByText('Relay of L001').first().waitFor();
    await screenshot(admin, 'alarm-list-workorder-zh-CN');
    await admin.context().close();

    const tech = await signIn('en-US', 'tech1');
    await tech.goto(`${product.baseUrl}/#/alarm/workorder`);
    await tech.getByTestId('list-workorders').waitFor();
    await screenshot(tech, 'workorder-list-en-US');
    await tech.getByTestId(`workorder-open-${order.code}`).click();
    const drawer = tech.getByTestId('workorder-drawer');
    const step = async (action: string, note: string) => {
      await drawer.getByTestId(`workorder-step-${action}`).click();
      await tech.getByTestId('workorder-step-note').fill(note);
      await tech.locator('.ant-modal-footer .ant-btn-primary').last().click();
    };
    // A photo of the site: the note shows its thumbnail, a click the photo itself.
    await drawer.getByTestId('workorder-note-text').fill('before the repair');
    await drawer.getByTestId('workorder-note-photos').setInputFiles({
      name: 'cabinet.png',
      mimeType: 'image/png',
      buffer: gradientPng(1200, 800),
    });
    await drawer.getByTestId('workorder-note-send').click();
    const thumb = drawer.locator('img[src*="workorderthumb-"]');
    await thumb.waitFor({ timeout: 10_000 });
    await thumb.click();
    const preview = tech.locator('.ant-image-preview img[src*="/workorder-"]');
    await preview.waitFor({ timeout: 10_000 });
    await screenshot(tech, 'workorder-photo-preview-en-US');
    await tech.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await step('start', 'on site');
    await drawer.getByTestId('workorder-step-finish').waitFor({ timeout: 10_000 });
    await step('finish', 'relay replaced');
    await drawer.getByTestId('workorder-step-close').waitFor({ timeout: 10_000 });
    await step('close', 'done');
    // The lamp still reports the relay fault: the console asks before closing anyway.
    await tech.getByTestId('workorder-force-close').click();
    await expect
      .poll(
        async () =>
          (await fixture.api.get<{ status: string }>(`/alarm/workorder/queryById?id=${order.id}`)).status,
        {
          timeout: 10_000,
        },
      )
      .toBe('closed');
    await expect.poll(() => drawer.getByTestId('workorder-notes').textContent()).toContain('relay replaced');
    await screenshot(tech, 'workorder-drawer-en-US');

    // The alarm's timeline shows the order.
    const detail = await fixture.api.get<{ events: Array<{ action: string; comment: string | null }> }>(
      `/alarm/queryById?id=${alarm.id}`,
    );
    expect(detail.events.some((e) => e.action === 'workorder' && e.comment === order.code)).toBe(true);
    await tech.context().close();
  });

  it('shows the rules and work orders in Chinese', { timeout: 90_000 }, async () => {
    const page = await signIn('zh-CN');
    await page.goto(`${product.baseUrl}/#/alarm/rule`);
    await page.getByTestId('rule-list').waitFor();
    await page.getByTestId('rule-list').locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
    await screenshot(page, 'alarm-rules-zh-CN');
    await page.goto(`${product.baseUrl}/#/alarm/workorder`);
    await page.getByTestId('list-workorders').waitFor();
    await page.getByTestId('list-workorders').locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('list-workorders').textContent()).toContain('已关闭');
    await screenshot(page, 'workorder-list-zh-CN');
    await page.context().close();
  });

  it('rings alarmed poles on the map by severity, names their alarms in the popup and follows new ones', {
    timeout: 90_000,
  }, async () => {
    // Tiles from a server of our own, never the internet.
    const tiles = await startTileServer();
    const settings = await fixture.api.get<Record<string, unknown>>('/sys/platform/settings');
    await fixture.api.put('/sys/platform/settings', { ...settings, tileUrl: tiles.template });
    try {
      // L001 still has active major alarms (earlier tests); L002 now reports a minor one.
      simLamp(fixture.gateway, 'L002').faults.add('lowCurrent');
      await fixture.gateway.telemetry();
      const lamp2 = fixture.lamps.find((l) => l.address === 'L002')!;
      await waitFor(async () => {
        const page = await fixture.api.get<{ records: Alarm[] }>(`/alarm/list?deviceId=${lamp2.id}`);
        return page.records.some((a) => a.code === 'lowCurrent');
      });

      const page = await signIn('en-US');
      await page.goto(`${product.baseUrl}/#/gis/GlrGis`);
      const map = page.getByTestId('gis-map');
      await map.and(page.locator('[data-engine="canvas"]')).waitFor({ timeout: 20_000 });
      const legend = page.getByTestId('gis-alarm-legend');
      await expect.poll(() => legend.getAttribute('data-count'), { timeout: 15_000 }).toBe('2');
      expect(await page.getByTestId('gis-alarm-legend-high').getAttribute('data-count')).toBe('1');
      expect(await page.getByTestId('gis-alarm-legend-low').getAttribute('data-count')).toBe('1');
      expect(await legend.textContent()).toContain('Alarmed poles');

      // L002's pole: its popup names its alarms, and the map draws an orange ring around it.
      const code = fixture.poleCodes[1] as string;
      await page.getByTestId('gis-search').locator('input').fill(code);
      await page.keyboard.press('Enter');
      const popup = page.getByTestId('gis-popup');
      await expect
        .poll(() => popup.getByTestId('gis-popup-code').textContent(), { timeout: 10_000 })
        .toBe(code);
      const anchor = page.locator('.ics-gis__popup-anchor');
      expect(await anchor.getAttribute('data-alarm-severity')).toBe('minor');
      const alarms = popup.getByTestId('gis-popup-alarms');
      await expect.poll(() => alarms.textContent()).toContain('Active alarms: 1');
      expect(await alarms.textContent()).toContain('Most severe: Minor');
      const ringAt = async () => {
        await page.waitForTimeout(200);
        return anchor.evaluate((e) => {
          const { poleX, poleY } = (e as HTMLElement).dataset;
          const canvas = e.parentElement?.querySelector('canvas') as HTMLCanvasElement;
          const ratio = window.devicePixelRatio || 1;
          // The ring lies 7–11 px from the pole's centre (a dot of 5 px, the selection at 5 px).
          const x = Math.round((Number(poleX) + 9) * ratio);
          const y = Math.round(Number(poleY) * ratio);
          return [...(canvas.getContext('2d')?.getImageData(x, y, 1, 1).data ?? [])];
        });
      };
      await expect.poll(ringAt, { timeout: 5_000 }).toEqual([250, 140, 22, 255]);
      mkdirSync(artifacts, { recursive: true });
      await screenshot(page, 'alarm-map-en-US');

      // A worse alarm on that lamp arrives as a push: the ring turns red without a reload.
      simLamp(fixture.gateway, 'L002').faults.add('supplyLoss');
      await fixture.gateway.telemetry();
      await expect
        .poll(() => page.getByTestId('gis-alarm-legend-high').getAttribute('data-count'), { timeout: 10_000 })
        .toBe('2');
      await expect.poll(() => anchor.getAttribute('data-alarm-severity')).toBe('critical');
      await expect.poll(ringAt, { timeout: 5_000 }).toEqual([168, 7, 26, 255]);
      await expect.poll(() => alarms.textContent()).toContain('Active alarms: 2');

      // "Show alarms": the alarm list of that pole.
      await popup.getByTestId('gis-popup-alarms-link').click();
      const list = page.getByTestId('list-alarms');
      await list.waitFor();
      expect(await page.getByTestId('alarm-pole-filter').textContent()).toContain(code);
      await expect.poll(() => list.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(2);
      expect(await list.textContent()).not.toContain('Lamp failure');
      await page.context().close();
    } finally {
      await fixture.api.put('/sys/platform/settings', { ...settings, tileUrl: '' });
      await tiles.stop();
    }
  });
});
