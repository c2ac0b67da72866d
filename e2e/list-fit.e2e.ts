import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { LIST_PAGES, loginAsAdmin, showPage } from './support/console';
import { createLightingFixture, type LightingFixture, waitFor } from './support/lighting-fixture';
import { type Product, startProduct } from './support/product';
import { publishAnnouncement } from './support/shell';

// Every list fits a 1440 px screen in both languages: no header cell cut off, none hidden under
// a fixed column (even scrolled to the end), and dates on one line. Pictures go to
// e2e/artifacts/list-fit.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS = path.join(ROOT, 'e2e/artifacts/list-fit');

let product: Product;
let fixture: LightingFixture;
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
  fixture = await createLightingFixture(product, 2);
  const lampIds = fixture.lamps.map((l) => l.id);
  await fixture.api.post('/lighting/group/add', { projectId: fixture.projectId, name: 'Night', lampIds });
  await fixture.api.post('/lighting/cabinet/add', {
    projectId: fixture.projectId,
    code: 'CAB-01',
    name: 'North cabinet',
    gatewayId: fixture.gatewayId,
    circuitCount: 2,
  });
  await fixture.api.post('/lighting/strategy/add', {
    projectId: fixture.projectId,
    name: 'Evening',
    actions: [{ at: { type: 'sunset', offsetMinutes: 10 }, action: 'on', level: 80 }],
    targets: [{ kind: 'project', id: fixture.projectId }],
  });
  await fixture.api.post('/lighting/control/send', {
    scope: 'lamps',
    ids: lampIds,
    action: 'dim',
    level: 60,
  });
  await waitFor(async () => {
    const page = await fixture.api.get<{ records: { status: string }[] }>('/lighting/command/list');
    return page.records.length >= lampIds.length && page.records.every((c) => c.status === 'acked');
  });
  await publishAnnouncement(product, { title: 'Maintenance window on Friday night' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
});

/** What does not fit in the tables of the page, one line per problem (empty when all fits). */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const text = (el: Element) => (el.textContent ?? '').trim();
    const overlaps = (a: DOMRect, b: DOMRect) => a.right > b.left + 1 && a.left < b.right - 1;
    for (const table of document.querySelectorAll<HTMLElement>('.ant-table-wrapper')) {
      if (!table.offsetParent) continue;
      const header = [...table.querySelectorAll<HTMLElement>('thead th')].filter(
        (th) => !th.classList.contains('ant-table-selection-column') && text(th),
      );
      for (const th of header) {
        const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
        if (title.scrollWidth > title.clientWidth + 1) problems.push(`header cut off: ${text(th)}`);
      }
      const scrollers = [
        ...table.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-header, .ant-table-body'),
      ];
      for (const end of ['start', 'end'] as const) {
        for (const s of scrollers) s.scrollLeft = end === 'start' ? 0 : s.scrollWidth;
        const fixed = header.filter((th) =>
          th.classList.contains(end === 'start' ? 'ant-table-cell-fix-left' : 'ant-table-cell-fix-right'),
        );
        for (const th of header) {
          if (th.className.includes('ant-table-cell-fix-')) continue;
          for (const f of fixed)
            if (
              overlaps(th.getBoundingClientRect(), f.getBoundingClientRect()) &&
              th.getBoundingClientRect().width > 0
            )
              problems.push(`header under the fixed column ${text(f)} (scrolled to the ${end}): ${text(th)}`);
        }
      }
      for (const s of scrollers) s.scrollLeft = 0;
      for (const td of table.querySelectorAll<HTMLElement>('tbody td')) {
        // Fixed cells draw their shadow past their edge; their content is what the header check covers.
        if (!td.className.includes('ant-table-cell-fix-') && td.scrollWidth > td.clientWidth + 1)
          problems.push(`cell runs over its column: ${text(td)}`);
        if (!/\d{4}-\d{2}-\d{2}/.test(text(td))) continue;
        const range = document.createRange();
        range.selectNodeContents(td);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        if (lines > 1) problems.push(`date on ${lines} lines: ${text(td)}`);
      }
    }
    return [...new Set(problems)];
  });
}

describe('lists at 1440 px', () => {
  for (const locale of ['zh-CN', 'en-US'] as const)
    it(`every list fits in ${locale}`, async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
      const page = await context.newPage();
      await loginAsAdmin(page, product);
      await page.getByTestId(`language-${locale}`).click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
      const found: Record<string, string[]> = {};
      for (const route of LIST_PAGES) {
        // The page's own tab is active (the previous page's table may still be on screen until then).
        await showPage(page, route);
        await page.waitForTimeout(300);
        const rows = page.locator('.ant-table-tbody tr.ant-table-row:visible');
        await rows.first().waitFor({ timeout: 20_000 });
        await expect
          .poll(() => page.locator('.ant-spin-spinning:visible').count(), { timeout: 15_000 })
          .toBe(0);
        const problems = await layoutProblems(page);
        if (problems.length) found[route] = problems;
        await page.screenshot({
          path: path.join(SHOTS, `${route.slice(1).replace(/\//g, '-')}-${locale}.png`),
        });
      }
      await context.close();
      expect(found).toEqual({});
    }, 240_000);
});
