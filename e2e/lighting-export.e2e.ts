import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import {
  createLightingFixture,
  furnishLightingLists,
  type LightingFixture,
} from './support/lighting-fixture';
import { type Product, startProduct } from './support/product';

// The export button of each lighting list, as an operator uses it: the file the browser saves is
// a real .xlsx whose header is in the console's language and whose rows are the rows on screen,
// under the same titles, with times in the browser's zone (New York here: neither the server's
// nor the project's zone).
const BROWSER_ZONE = 'America/New_York';

type Locale = 'zh-CN' | 'en-US';
type Title = readonly [zh: string, en: string];

/** Each list and the columns the screen and the file both show, by their titles. */
const LISTS: { route: string; root: string; key: string; columns: Title[] }[] = [
  {
    route: 'lighting/gateway',
    root: 'gateway-list',
    key: 'gateways',
    columns: [
      ['序列号', 'Serial number'],
      ['名称', 'Name'],
      ['状态', 'State'],
      ['最后通信', 'Last seen'],
      ['下挂设备', 'Devices behind'],
      ['型号', 'Model'],
      ['固件', 'Firmware'],
    ],
  },
  {
    route: 'lighting/pole',
    root: 'pole-list',
    key: 'poles',
    columns: [
      ['编号', 'Code'],
      ['名称', 'Name'],
      ['经度', 'Longitude'],
      ['纬度', 'Latitude'],
      ['道路', 'Road'],
      ['高度 (m)', 'Height (m)'],
    ],
  },
  {
    route: 'lighting/lamp',
    root: 'lamp-list',
    key: 'lamps',
    columns: [
      ['名称', 'Name'],
      ['地址', 'Address'],
      ['网关', 'Gateway'],
      ['状态', 'State'],
      ['功率 (W)', 'Power (W)'],
      ['电压 (V)', 'Voltage (V)'],
      ['电流 (A)', 'Current (A)'],
      ['电能 (kWh)', 'Energy (kWh)'],
      ['故障', 'Faults'],
      ['最后上报', 'Last report'],
    ],
  },
  {
    route: 'lighting/group',
    root: 'group-list',
    key: 'groups',
    columns: [
      ['名称', 'Name'],
      ['灯数', 'Lamps'],
      ['备注', 'Remark'],
    ],
  },
  {
    route: 'lighting/cabinet',
    root: 'cabinet-list',
    key: 'cabinets',
    columns: [
      ['编号', 'Code'],
      ['名称', 'Name'],
      ['控制网关', 'Gateway'],
    ],
  },
  {
    route: 'lighting/strategy',
    root: 'strategy-list',
    key: 'strategies',
    columns: [
      ['名称', 'Name'],
      ['优先级', 'Priority'],
      ['版本', 'Version'],
    ],
  },
  {
    route: 'lighting/command',
    root: 'command-log',
    key: 'commands',
    columns: [
      ['发送时间', 'Sent'],
      ['指令', 'Command'],
      ['对象', 'Target'],
      ['参数', 'Parameters'],
      ['状态', 'Status'],
      ['次数', 'Attempts'],
      ['原因', 'Reason'],
      ['应答时间', 'Acked'],
      ['发送人', 'Sent by'],
    ],
  },
];

let product: Product;
let fixture: LightingFixture;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  fixture = await createLightingFixture(product, 3);
  await furnishLightingLists(fixture, 40);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
});

async function signedIn(locale: Locale): Promise<Page> {
  const { page } = await newPage(browser, { locale, timezoneId: BROWSER_ZONE });
  await loginAsAdmin(page, product);
  // The console starts in Chinese whatever the browser says: pick the language in the header.
  await page.getByTestId(`language-${locale}`).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  return page;
}

/** The list's header titles and the text of each row's cells, as the table shows them. */
async function shownTable(page: Page, root: string): Promise<{ header: string[]; rows: string[][] }> {
  const table = page.getByTestId(root).locator('.ant-table').first();
  await table.locator('tr.ant-table-row').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByTestId(root).locator('.ant-spin-spinning').count()).toBe(0);
  const header = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
  const rows: string[][] = [];
  for (const row of await table.locator('tr.ant-table-row').all())
    rows.push((await row.locator('td').allInnerTexts()).map((t) => t.trim()));
  return { header, rows };
}

/** Clicks the list's export button and reads the first sheet of the file the browser saves. */
async function savedSheet(page: Page, key: string): Promise<{ name: string; rows: string[][] }> {
  const download = page.waitForEvent('download');
  await page.getByTestId(`list-${key}-export`).click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    ),
  );
  return { name: file.suggestedFilename(), rows };
}

/** A cell as a reader compares it: no value is a dash on screen and an empty cell in the file; `90.0` is `90`. */
function cellText(text: string | undefined): string {
  const t = (text ?? '').trim();
  if (t === '—') return '';
  return /^-?\d+(\.\d+)?$/.test(t) ? String(Number(t)) : t;
}

const HAN = /\p{Script=Han}/u;

describe('lighting list export', () => {
  for (const locale of ['zh-CN', 'en-US'] as const)
    it(`saves each list's rows on screen, titled in the console's language (${locale})`, async () => {
      const page = await signedIn(locale);
      const at = locale === 'zh-CN' ? 0 : 1;
      for (const list of LISTS) {
        await page.goto(`${product.baseUrl}/#/${list.route}`);
        const shown = await shownTable(page, list.root);
        const file = await savedSheet(page, list.key);
        expect(file.name, list.key).toMatch(/\.xlsx$/);
        const [header = [], ...rows] = file.rows;
        // Every title of the file in the console's language: Chinese in zh-CN, none in en-US.
        for (const title of header)
          expect(HAN.test(title), `${list.key}: "${title}" in ${locale}`).toBe(locale === 'zh-CN');
        // The rows on screen, in the order shown, with the same text under the same titles.
        expect(rows.length, list.key).toBe(shown.rows.length);
        for (const column of list.columns) {
          const title = column[at];
          const onScreen = shown.header.indexOf(title);
          const inFile = header.indexOf(title);
          expect(onScreen, `${list.key}: "${title}" on screen`).toBeGreaterThanOrEqual(0);
          expect(inFile, `${list.key}: "${title}" in the file`).toBeGreaterThanOrEqual(0);
          expect(
            rows.map((r) => cellText(r[inFile])),
            `${list.key}: ${title}`,
          ).toEqual(shown.rows.map((r) => cellText(r[onScreen])));
        }
        if (list.key === 'strategies') {
          // Each action is a tag on screen; the file joins the same words in one cell.
          const inFile = header.indexOf(locale === 'zh-CN' ? '动作' : 'Actions');
          const tags = await page.getByTestId(list.root).getByTestId('strategy-action').allInnerTexts();
          expect(tags).toHaveLength(2);
          expect(rows[0]?.[inFile]?.split(locale === 'zh-CN' ? '，' : ', ')).toEqual(
            tags.map((t) => t.trim()),
          );
        }
      }
      await page.context().close();
    });
});
