import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { waitForRoute } from './support/console';
import { type Product, startProduct } from './support/product';
import { createUser, loginAs, publishAnnouncement } from './support/shell';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS =
  process.env.ICS_SCREENSHOTS === '1'
    ? path.join(ROOT, 'docs/screenshots')
    : path.join(ROOT, 'e2e/artifacts');
const ANN = '/isps/userAnnouncement';

let product: Product;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

afterEach(async () => {
  await context?.close();
});

async function go(target: string): Promise<void> {
  await page.evaluate((p) => {
    window.location.hash = `#${p}`;
  }, target);
  await waitForRoute(page, new RegExp(`^${target.replace(/[/]/g, '\\/')}$`));
}

/** Titles in the announcement table once it has settled on `expected` (order ignored). */
async function expectTitles(expected: string[]): Promise<void> {
  const table = page.getByTestId('user-announcement-table');
  await expect
    .poll(
      async () => (await table.locator('tbody tr.ant-table-row td:first-child').allTextContents()).sort(),
      { timeout: 10_000 },
    )
    .toEqual([...expected].sort());
}

const headerTab = (label: string) =>
  page.getByTestId('user-announcement-header').locator('.ant-tabs-tab').filter({ hasText: label });

describe('generic widgets in use', () => {
  it('the page header searches and its tabs filter the user announcements; details show as a detail list', async () => {
    const user = await createUser(product, { roles: ['role-viewer'], departs: ['dep-ops'], prefix: 'wdg' });
    const stamp = Date.now().toString(36);
    const pole = `灯杆巡检 ${stamp}`;
    const cabinet = `配电柜检修 ${stamp}`;
    const upgrade = `系统升级 ${stamp}`;
    await publishAnnouncement(product, { title: pole, userIds: [user.id] });
    await publishAnnouncement(product, { title: cabinet, userIds: [user.id] });
    await publishAnnouncement(product, { title: upgrade, userIds: [user.id], category: '2' });

    ({ context, page } = await newPage(browser, { reducedMotion: 'reduce' }));
    await loginAs(page, product, user.username, user.password);
    await go(ANN);
    await expectTitles([pole, cabinet, upgrade]);

    // Search by title (the header's search box).
    const search = page.getByTestId('user-announcement-header-search').locator('input');
    await search.fill(`  灯杆巡检 ${stamp}  `);
    await search.press('Enter');
    await expectTitles([pole]);
    await search.fill('');
    await search.press('Enter');
    await expectTitles([pole, cabinet, upgrade]);

    // The detail of one announcement: its facts in a detail list. Opening it marks it read.
    const row = page.getByTestId('user-announcement-table').locator('tr').filter({ hasText: pole });
    await row.getByTestId('announcement-view').click();
    const modal = page.getByTestId('announcement-modal');
    await modal.getByTestId('announcement-title').getByText(pole).waitFor();
    const facts = modal.getByTestId('announcement-facts');
    expect(await facts.locator('.ant-descriptions-item-label').allTextContents()).toEqual([
      '发布人',
      '发布时间',
      '消息类型',
      '优先级',
    ]);
    expect(await facts.getByTestId('announcement-sender').textContent()).toBe('管理员');
    expect(await facts.getByTestId('announcement-sendTime').textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    expect(await facts.getByTestId('announcement-category').textContent()).toBe('通知公告');
    expect(await facts.getByTestId('announcement-priority').textContent()).toBe('中');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'widgets-announcement-detail-zh.png') });
    await modal.getByTestId('announcement-close').click();
    await modal.waitFor({ state: 'hidden' });
    await row.getByTestId('read-flag').getByText('已读').waitFor();

    // Tabs: unread, read, all.
    await headerTab('未读').click();
    await expectTitles([cabinet, upgrade]);
    await headerTab('已读').click();
    await expectTitles([pole]);
    await headerTab('全部').click();
    await expectTitles([pole, cabinet, upgrade]);

    // The category dictionary select narrows further.
    await page.getByTestId('announcement-category').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '系统消息' }).click();
    await expectTitles([upgrade]);
    await headerTab('未读').click();
    await expectTitles([upgrade]);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'widgets-user-announcements-zh.png') });

    // The same page in English.
    await page.getByTestId('language-en-US').click();
    await headerTab('Unread').waitFor();
    await page.getByTestId('user-announcement-header').getByText('My messages').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'widgets-user-announcements-en.png') });
    // Dictionary texts follow the switch (the login cached them in Chinese).
    expect(await page.getByTestId('announcement-category').textContent()).toBe('System message');
    await headerTab('All').click();
    await page.getByTestId('announcement-category').locator('.ant-select-clear').click({ force: true });
    await expectTitles([pole, cabinet, upgrade]);
    await page
      .getByTestId('user-announcement-table')
      .locator('tr')
      .filter({ hasText: cabinet })
      .getByTestId('announcement-view')
      .click();
    await modal.getByTestId('announcement-title').getByText(cabinet).waitFor();
    expect(await facts.locator('.ant-descriptions-item-label').allTextContents()).toEqual([
      'Sender',
      'Sent',
      'Type',
      'Priority',
    ]);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'widgets-announcement-detail-en.png') });
  });

  it('the account dialog is a form container in detail mode: every input is disabled', async () => {
    const user = await createUser(product, { roles: ['role-viewer'], departs: ['dep-ops'], prefix: 'acct' });
    ({ context, page } = await newPage(browser, { reducedMotion: 'reduce' }));
    await loginAs(page, product, user.username, user.password);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-account').click();
    const form = page.getByTestId('account-form');
    await expect.poll(() => page.getByTestId('account-username').inputValue()).toBe(user.username);
    expect(await form.getAttribute('data-mode')).toBe('detail');
    expect(await page.getByTestId('account-realname').inputValue()).toMatch(/^测试\d+$/);
    const inputs = form.locator('input');
    expect(await inputs.count()).toBeGreaterThanOrEqual(7);
    for (const input of await inputs.all()) expect(await input.isDisabled()).toBe(true);
    // Dictionary widgets: the sex radio group and the user-type select, disabled and labelled.
    expect(await page.getByTestId('account-sex').locator('.ant-radio-wrapper').allTextContents()).toEqual([
      '男',
      '女',
    ]);
    expect(await page.getByTestId('account-user-type').getAttribute('class')).toContain(
      'ant-select-disabled',
    );
    expect(await page.getByTestId('account-user-type').textContent()).toBe('普通用户');
    // Typing changes nothing, and there is no submit button in detail mode.
    await page.getByTestId('account-realname').click({ force: true });
    await page.keyboard.type('changed');
    expect(await page.getByTestId('account-realname').inputValue()).toMatch(/^测试\d+$/);
    expect(await page.getByTestId('account-form-submit').count()).toBe(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'widgets-account-detail-zh.png') });

    await page.keyboard.press('Escape');
    await page.getByTestId('account-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('language-en-US').click();
    await page.getByTestId('logout').getByText('Log out').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-account').click();
    await page.getByTestId('account-dialog').getByText('User type').waitFor();
    await expect.poll(() => page.getByTestId('account-username').inputValue()).toBe(user.username);
    expect(await page.getByTestId('account-form').locator('input').first().isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('account-user-type').textContent()).toBe('Regular user');
    expect(await page.getByTestId('account-sex').locator('.ant-radio-wrapper').allTextContents()).toEqual([
      'Male',
      'Female',
    ]);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'widgets-account-detail-en.png') });
  });
});
