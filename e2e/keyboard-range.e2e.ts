import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { loginAsAdmin, waitForRoute } from './support/console';
import { type Product, startProduct } from './support/product';

// A keyboard user on a list page: Tab goes into the date-range filter, through its two boxes and
// out to the search button (and back with Shift+Tab), whether the boxes are empty or not; Enter
// opens its calendar and Escape closes it; a range typed in and searched by keyboard alone reaches the list API.
// The browser is in Berlin, so the range it sends names its instants with +01:00.
const LISTS = [
  { route: '/system/user', list: 'users', field: 'createTime', api: '/sys/user/list', typed: '2026-01-05' },
  { route: '/system/role', list: 'roles', field: 'createTime', api: '/sys/role/list', typed: '2026-01-05' },
  { route: '/system/log', list: 'login-log', field: 'createTime', api: '/sys/log/list', typed: '2026-01-05' },
  {
    route: '/lighting/command',
    list: 'commands',
    field: 'time',
    api: '/lighting/command/list',
    typed: '2026-01-05 08:30:00',
  },
] as const;

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** What has the keyboard focus: `start` / `end` / `clear` of the range, the search button, or somewhere else. */
function focusOf(page: Page, list: string, field: string): Promise<string> {
  return page.evaluate(
    ({ list, field }) => {
      const active = document.activeElement as HTMLElement | null;
      if (!active) return 'nothing';
      const range = document.getElementById(`list-${list}-filter_${field}`)?.closest('.ant-picker-range');
      const inputs = range ? [...range.querySelectorAll('input')] : [];
      if (active === inputs[0]) return 'start';
      if (active === inputs[1]) return 'end';
      // The clear button of a range with a value, labelled (it is a stop of its own).
      if (range?.contains(active) && active.matches('.ant-picker-clear[aria-label]')) return 'clear';
      if (active.getAttribute('data-testid') === `list-${list}-search`) return 'search';
      if (active.closest(`[id^="list-${list}-filter"], form[id="list-${list}-filter"]`))
        return range?.contains(active)
          ? `inside the picker: ${active.outerHTML.slice(0, 80)}`
          : 'another filter';
      return `elsewhere: ${active.tagName} ${active.getAttribute('data-testid') ?? active.id}`;
    },
    { list, field },
  );
}

/** Whether a calendar popup of a picker is showing. */
function calendarOpen(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.ant-picker-dropdown')].some(
      (d) => !d.classList.contains('ant-picker-dropdown-hidden') && d.getBoundingClientRect().height > 0,
    ),
  );
}

describe('keyboard through a date-range filter', () => {
  it('Tab enters and leaves the range both ways, Escape closes its calendar, and a typed range is searched', async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      timezoneId: 'Europe/Berlin',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await loginAsAdmin(page, product);
    for (const target of LISTS) {
      await page.evaluate((p) => {
        window.location.hash = `#${p}`;
      }, target.route);
      await waitForRoute(page, new RegExp(`^${target.route.replace(/[/]/g, '\\/')}$`));
      const start = page.locator(`#list-${target.list}-filter_${target.field}`);
      await start.waitFor();
      const where = () => focusOf(page, target.list, target.field);

      // Empty boxes: forwards into the end box and out to the search button.
      await start.focus();
      expect(await where(), target.route).toBe('start');
      await page.keyboard.press('Tab');
      expect(await where(), target.route).toBe('end');
      await page.keyboard.press('Tab');
      expect(await where(), target.route).toBe('search');
      await expect.poll(() => calendarOpen(page), { timeout: 3_000 }).toBe(false);
      // And backwards, through both boxes, out to the filter before.
      await page.keyboard.press('Shift+Tab');
      expect(await where(), target.route).toBe('end');
      await page.keyboard.press('Shift+Tab');
      expect(await where(), target.route).toBe('start');
      await page.keyboard.press('Shift+Tab');
      expect(await where(), target.route).toBe('another filter');

      // Enter opens the calendar of the box, Escape closes it and the focus stays in the box.
      await start.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => calendarOpen(page), { timeout: 3_000 }).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => calendarOpen(page), { timeout: 3_000 }).toBe(false);
      expect(await where(), target.route).toBe('start');

      // A start typed in, the end left open, searched with the keyboard alone.
      const searched = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith(target.api));
      await page.keyboard.type(target.typed);
      await page.keyboard.press('Tab');
      expect(await where(), target.route).toBe('end');
      await page.keyboard.press('Tab');
      expect(await where(), target.route).toBe('clear');
      await page.keyboard.press('Tab');
      expect(await where(), target.route).toBe('search');
      await page.keyboard.press('Enter');
      const query = new URL((await searched).url()).searchParams;
      if (target.field === 'createTime') {
        expect(query.get('createTime_begin'), target.route).toBe(`${target.typed}T00:00:00.000+01:00`);
        expect(query.has('createTime_end'), target.route).toBe(false);
      } else {
        expect(Number(query.get('from')), target.route).toBe(Date.parse('2026-01-05T08:30:00+01:00'));
        expect(query.has('to'), target.route).toBe(false);
      }
      await page.getByTestId(`list-${target.list}-reset`).click();
    }
    await context.close();
  }, 120_000);
});
