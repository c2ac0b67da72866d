import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Simulator } from '@ics/simulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { waitFor } from './support/lighting-fixture';
import { apiClient, type Product, startProduct } from './support/product';

// Environment monitoring in the browser: simulated sensors report every second; the sensor list
// shows their values and air quality, the threshold drawer saves a limit, and the history page
// charts the readings (ECharts, loaded as its own chunk) with their min/avg/max.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS =
  process.env.ICS_SCREENSHOTS === '1'
    ? path.join(ROOT, 'docs/screenshots')
    : path.join(ROOT, 'e2e/artifacts/env');

type Sensor = { id: string; address: string; values: Record<string, number>; airQuality: unknown };
type Series = { points: [number, number][] };

let product: Product;
let browser: Browser;
let simulator: Simulator;
let sensors: Sensor[];

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
  const api = await apiClient(product);
  const { id: projectId } = await api.post<{ id: string }>('/sys/project/add', {
    name: 'E2E Environment',
    code: 'E2E-ENV',
    longitude: 117.178249,
    latitude: 34.161036,
    timeZone: 'Asia/Shanghai',
    departIds: 'dep-root',
  });
  const sn = 'E2E-ENV-GW';
  const gw = await api.post<{ id: string; credentials: { password: string } }>('/lighting/gateway/add', {
    projectId,
    sn,
    name: 'Environment gateway',
  });
  simulator = new Simulator({
    url: product.mqttUrl,
    gateways: [{ sn, password: gw.credentials.password }],
    lampsPerGateway: 0,
    sensorsPerGateway: 3,
    telemetryIntervalSeconds: 1,
    heartbeatSeconds: 30,
  });
  await simulator.start();
  sensors = await waitFor(async () => {
    const page = await api.get<{ records: Sensor[] }>(
      '/env/sensor/live?pageSize=10&column=address&order=asc',
    );
    return page.records.length === 3 && page.records.every((s) => typeof s.values.pm25 === 'number')
      ? page.records
      : null;
  });
  // A few seconds of readings, so that the chart has lines to draw.
  const from = new Date(Date.now() - 3_600_000).toISOString();
  await waitFor(async () => {
    const to = new Date(Date.now() + 60_000).toISOString();
    const history = await api.get<{ series: Series[] }>(
      `/env/history/series?sensorIds=${sensors[0]!.id}&metric=pm25&from=${from}&to=${to}`,
    );
    return history.series[0]!.points.length >= 4;
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await simulator?.stop();
  await product?.stop();
});

async function signedIn(locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const { page } = await newPage(browser, { locale });
  // Wide enough for the sensor table's columns in the screenshots.
  await page.setViewportSize({ width: 1600, height: 900 });
  await loginAsAdmin(page, product);
  await page.getByTestId(`language-${locale}`).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  return page;
}

describe('environment monitoring', () => {
  for (const locale of ['zh-CN', 'en-US'] as const)
    it(`lists sensors with values and AQI, edits a threshold, charts the history (${locale})`, async () => {
      const page = await signedIn(locale);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });

      await page.goto(`${product.baseUrl}/#/env/sensor`);
      const list = page.getByTestId('sensor-list');
      await list.locator('.ant-table-tbody tr.ant-table-row').nth(2).waitFor({ timeout: 15_000 });
      await expect.poll(() => list.locator('.ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => page.getByTestId('value-S001-pm25').textContent()).toMatch(/^\d+$/);
      expect(await page.getByTestId('aqi-S001').getAttribute('data-category')).toMatch(
        /^(excellent|good|light|moderate|heavy|severe)$/,
      );
      await page.screenshot({ path: path.join(SHOTS, `env-sensor-list-${locale}.png`) });

      // A threshold on S001's PM2.5, saved through the drawer, shows in its table.
      await page.getByTestId('thresholds-S001').click();
      const drawer = page.getByTestId('threshold-drawer');
      await drawer.waitFor();
      const value = locale === 'zh-CN' ? 75 : 115;
      // The first run adds the limit; the second changes it (a second PM2.5 upper limit is refused).
      if (locale === 'zh-CN') await page.getByTestId('threshold-add').click();
      else await page.getByTestId('threshold-table').getByRole('button', { name: 'Edit' }).first().click();
      await page.getByTestId('threshold-form').locator('input#value').fill(String(value));
      await page.getByTestId('threshold-save').click();
      await expect
        .poll(() => page.getByTestId('threshold-table').locator('tbody').textContent(), { timeout: 10_000 })
        .toContain(`${value} µg/m³`);
      await page.screenshot({ path: path.join(SHOTS, `env-threshold-drawer-${locale}.png`) });
      await page.keyboard.press('Escape');

      // The history of two sensors: a chart drawn on a canvas, and a summary row per sensor.
      const chartChunksBefore = scripts.filter((s) => s.includes('history-chart')).length;
      expect(chartChunksBefore).toBe(0);
      await page.goto(`${product.baseUrl}/#/env/history?sensorIds=${sensors[0]!.id},${sensors[1]!.id}`);
      const chart = page.getByTestId('history-chart');
      await chart.locator('canvas').waitFor({ timeout: 15_000 });
      const summary = page.getByTestId('history-summary');
      await expect.poll(() => summary.locator('tbody tr.ant-table-row').count()).toBe(2);
      for (const stat of ['min', 'avg', 'max'])
        expect(await summary.getByTestId(`summary-${stat}`).first().textContent()).toMatch(/^\d+ µg\/m³$/);
      expect(await page.getByTestId('history-granularity').textContent()).toBe(
        locale === 'zh-CN' ? '原始数据' : 'Raw readings',
      );
      // ECharts came in a chunk of its own, once the page needed it.
      expect(scripts.some((s) => s.includes('history-chart'))).toBe(true);
      // The canvas holds drawn pixels (not a blank surface).
      const inked = await chart
        .locator('canvas')
        .first()
        .evaluate((canvas: HTMLCanvasElement) => {
          const ctx = canvas.getContext('2d');
          if (!ctx) return 0;
          const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
          let n = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
          return n;
        });
      expect(inked).toBeGreaterThan(1000);
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(SHOTS, `env-history-${locale}.png`) });
      await page.context().close();
    }, 150_000);
});
