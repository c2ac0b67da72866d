import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { apiClient, type Product, startProduct } from './support/product';

const SHOT = path.join(fileURLToPath(new URL('..', import.meta.url)), 'docs/screenshots/device-import.png');

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('devices');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// The pole page's "Import devices" button: an .xlsx in, the devices registered behind their
// gateways, and the rejected rows shown with their row number, column and reason.
describe('device import from the pole page', () => {
  let product: Product;
  let browser: Browser;
  let api: Awaited<ReturnType<typeof apiClient>>;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    api = await apiClient(product);
    const { id: projectId } = await api.post<{ id: string }>('/sys/project/add', {
      name: 'Import',
      code: 'IMP',
      longitude: 117.178249,
      latitude: 34.161036,
      timeZone: 'Asia/Shanghai',
      departIds: 'dep-root',
    });
    await api.post('/lighting/gateway/add', { projectId, sn: 'IMP-GW-1', name: 'Import gateway' });
  }, 200_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('imports the valid rows and lists the rejected ones', async () => {
    const { page } = await newPage(browser);
    await loginAsAdmin(page, product);
    await page.goto(`${product.baseUrl}/#/lighting/pole`);
    const file = await sheet([
      ['kind', 'address', 'name', 'gateway', 'pole', 'model'],
      ['lamp', 'L-1', 'Lamp 1', 'IMP-GW-1', '', 'LC-1'],
      ['sensor', 'S-1', 'Air', 'IMP-GW-1', '', ''],
      ['toaster', 'X-1', 'Bad kind', 'IMP-GW-1', '', ''],
      ['lamp', 'L-2', 'Nowhere', 'NO-SUCH-GW', '', ''],
    ]);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('device-import').click();
    await (await chooser).setFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    const summary = page.getByTestId('device-import-summary');
    await summary.waitFor({ timeout: 15_000 });
    expect(await summary.textContent()).toContain('2');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('tr.ant-table-row').count()).toBe(2);
    const rows = await dialog.locator('tr.ant-table-row').allTextContents();
    expect(rows[0]).toMatch(/^4kind/);
    expect(rows[1]).toBe('5gateway该项目下没有序列号为NO-SUCH-GW的网关');
    await page.screenshot({ path: SHOT });
    const lamps = await api.get<{ records: Array<{ address: string; model: string }> }>(
      '/lighting/lamp/list?keyword=IMP-GW-1',
    );
    expect(lamps.records.map((l) => [l.address, l.model])).toEqual([['L-1', 'LC-1']]);
  });
});
