import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { hashRoute, loginAsAdmin, waitForRoute } from './support/console';
import { type Product, startProduct } from './support/product';
import {
  adminToken,
  api,
  createUser,
  loginAs,
  publishAnnouncement,
  storedValue,
  tabKeys,
  waitForMessage,
} from './support/shell';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS =
  process.env.ICS_SCREENSHOTS === '1'
    ? path.join(ROOT, 'docs/screenshots')
    : path.join(ROOT, 'e2e/artifacts');
const HOME = '/dashboard/analysis';
const ANN = '/isps/userAnnouncement';
const TEST = '/test/TestSpecial';

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

async function fresh(options: { mobile?: boolean; width?: number } = {}): Promise<Page> {
  if (options.width) {
    context = await browser.newContext({ viewport: { width: options.width, height: 800 }, locale: 'zh-CN' });
    page = await context.newPage();
  } else if (options.mobile) {
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      isMobile: true,
    });
    page = await context.newPage();
  } else {
    ({ context, page } = await newPage(browser, { reducedMotion: 'reduce' }));
  }
  return page;
}

/** Same-document navigation to a hash route (keeps the open tabs). */
async function go(target: string): Promise<void> {
  await page.evaluate((p) => {
    window.location.hash = `#${p}`;
  }, target);
  await waitForRoute(page, new RegExp(`^${target.replace(/[/]/g, '\\/')}$`));
}

const tab = (key: string) =>
  page.locator(`[data-testid="page-tabs"] .ant-tabs-tab:has([data-tab-key="${key}"])`);

async function contextMenu(key: string, action: 'reload' | 'left' | 'right' | 'others'): Promise<void> {
  // Let the menu of the previous right-click finish closing first.
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect.poll(() => open.count()).toBe(0);
  await page.locator(`[data-tab-key="${key}"]`).click({ button: 'right' });
  await open.getByTestId(`tab-menu-${action}`).click();
}

async function expectTabs(keys: string[]): Promise<void> {
  await expect.poll(() => tabKeys(page), { timeout: 10_000 }).toEqual(keys);
}

async function bellCount(): Promise<number> {
  const value = await page.getByTestId('notice-bell').getAttribute('data-count');
  return value === null ? -1 : Number(value);
}

async function waitForBellCount(expected: number, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="notice-bell"]')?.getAttribute('data-count') === String(n),
    expected,
    { timeout },
  );
}

async function openUserMenu(item: 'settings' | 'password' | 'depart' | 'screen' | 'logout'): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(`user-menu-${item}`).click();
}

describe('console shell', () => {
  it('tabs: the home tab cannot be closed, nor the last page', async () => {
    await fresh();
    await loginAsAdmin(page, product);
    await expectTabs([HOME]);
    await tab(HOME).locator('.ics-page-tabs__close').click();
    await waitForMessage(page, '首页不能关闭!');
    await expectTabs([HOME]);

    // A page opened directly is the only tab: closing it is refused.
    await page.goto(`${product.baseUrl}/#${ANN}`);
    await page.reload();
    await page.getByTestId('user-announcement-page').waitFor();
    await expectTabs([ANN]);
    await tab(ANN).locator('.ics-page-tabs__close').click();
    await waitForMessage(page, '这是最后一页，不能再关闭了!');
    await expectTabs([ANN]);

    // Title and breadcrumb of a page.
    expect(await page.title()).toMatch(/^我的消息 · /);
    expect(await page.getByTestId('breadcrumb').textContent()).toBe('首页/我的消息');
  });

  it('tabs keep their pages alive; the context menu reloads and closes left, right and others', async () => {
    await fresh();
    await loginAsAdmin(page, product);
    await go(ANN);
    const search = page.getByTestId('user-announcement-page').locator('input').first();
    await search.fill('kept while away');
    await go(TEST);
    await expectTabs([HOME, ANN, TEST]);
    await tab(ANN).click();
    await waitForRoute(page, /^\/isps\/userAnnouncement$/);
    expect(await search.inputValue()).toBe('kept while away');

    await contextMenu(ANN, 'reload');
    await page.getByTestId('user-announcement-page').locator('input').first().waitFor();
    expect(await page.getByTestId('user-announcement-page').locator('input').first().inputValue()).toBe('');

    await contextMenu(ANN, 'right');
    await expectTabs([HOME, ANN]);

    await go(TEST);
    await contextMenu(TEST, 'left');
    await expectTabs([HOME, TEST]);

    await go(ANN);
    await expectTabs([HOME, TEST, ANN]);
    await contextMenu(ANN, 'others');
    await expectTabs([HOME, ANN]);

    // Closing the shown tab shows its neighbour.
    await tab(ANN).locator('.ics-page-tabs__close').click();
    await waitForRoute(page, /^\/dashboard\/analysis$/);
    await expectTabs([HOME]);
  });

  it('a focused tab closes with the Delete key, and the focus moves to the tab shown next', async () => {
    await fresh();
    await loginAsAdmin(page, product);
    await expectTabs([HOME]);
    await go(ANN);
    await expectTabs([HOME, ANN]);
    await go(TEST);
    await expectTabs([HOME, ANN, TEST]);
    await tab(TEST).locator('[role="tab"]').focus();
    expect(await tab(TEST).locator('[role="tab"]').getAttribute('aria-keyshortcuts')).toBe('Delete');
    await page.keyboard.press('Delete');
    await expectTabs([HOME, ANN]);
    await waitForRoute(page, /^\/isps\/userAnnouncement$/);
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.activeElement?.querySelector('[data-tab-key]')?.getAttribute('data-tab-key'),
        ),
      )
      .toBe(ANN);
    // The home tab stays, by keyboard as by mouse.
    await tab(HOME).locator('[role="tab"]').focus();
    await page.keyboard.press('Delete');
    await waitForMessage(page, '首页不能关闭!');
    await expectTabs([HOME, ANN]);
  });

  it('menu search finds visible pages by title and navigates', async () => {
    await fresh();
    await loginAsAdmin(page, product);
    await go(ANN);
    await page.getByTestId('menu-search').click();
    await page.keyboard.type('用户');
    await page.getByTestId('menu-search-option-/system/user').waitFor();
    expect(await page.getByTestId('menu-search-option-/system/role').count()).toBe(0);
    // Group layouts (系统管理) are not offered.
    expect(await page.getByTestId('menu-search-option-/system').count()).toBe(0);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('首');
    await page.getByTestId(`menu-search-option-${HOME}`).click();
    await waitForRoute(page, /^\/dashboard\/analysis$/);

    // Case-insensitive in English.
    await page.getByTestId('language-en-US').click();
    await page.getByTestId(`menu-item-${HOME}`).getByText('Home').waitFor();
    await page.getByTestId('menu-search').click();
    await page.keyboard.type('uSERs');
    await page.getByTestId('menu-search-option-/system/user').getByText('Users').waitFor();
  });

  it('the side menu is 200 px, 80 collapsed, and restores open groups on expand', async () => {
    await fresh();
    await loginAsAdmin(page, product);
    const sider = page.getByTestId('sider');
    expect((await sider.boundingBox())?.width).toBe(200);
    const system = page.locator('.ant-menu-submenu').filter({ has: page.getByTestId('menu-item-/system') });
    await page.getByTestId('menu-item-/system').click();
    await page.getByTestId('menu-item-/system/user').waitFor();
    expect(await system.getAttribute('class')).toContain('ant-menu-submenu-open');

    await page.getByTestId('menu-toggle').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sider"]')?.getBoundingClientRect().width === 80,
    );
    expect(await system.getAttribute('class')).not.toContain('ant-menu-submenu-open');
    expect(await storedValue<{ sidebarOpen: boolean }>(page, 'preferences')).toMatchObject({
      sidebarOpen: false,
    });

    await page.getByTestId('menu-toggle').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sider"]')?.getBoundingClientRect().width === 200,
    );
    await page.getByTestId('menu-item-/system/user').waitFor();
    expect(await system.getAttribute('class')).toContain('ant-menu-submenu-open');
  });

  it('on a phone the menu is a drawer that closes after a choice; no tabs; search in a modal', async () => {
    await fresh({ mobile: true });
    await loginAsAdmin(page, product);
    expect(await page.getByTestId('basic-layout').getAttribute('data-device')).toBe('xs');
    expect(await page.getByTestId('sider').count()).toBe(0);
    expect(await page.getByTestId('page-tabs').count()).toBe(0);
    await page.getByTestId('menu-toggle').click();
    const drawer = page.getByTestId('side-menu');
    await drawer.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'shell-mobile-drawer.png') });
    await page.getByTestId(`menu-item-${HOME}`).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByTestId('menu-search-open').click();
    await page.getByTestId('menu-search-modal').locator('.ant-select').waitFor();
  });

  it('settings apply at once and survive a reload; the theme colour is applied', async () => {
    await fresh();
    await loginAsAdmin(page, product);
    const selected = page.locator('[data-testid="side-menu"] .ant-menu-item-selected');
    const background = () => selected.evaluate((el) => getComputedStyle(el).backgroundColor);
    // The default primary colour, dark enough for white text (4.5:1): #0E6FD1.
    expect(await background()).toBe('rgb(14, 111, 209)');

    await openUserMenu('settings');
    await page.getByTestId('settings-drawer').waitFor();
    await page.getByTestId('settings-color-f5222d').click();
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('[data-testid="side-menu"] .ant-menu-item-selected')!)
          .backgroundColor === 'rgb(245, 34, 45)',
    );
    await page.getByTestId('settings-theme-light').click();
    await page.getByTestId('settings-fixed-header').click();
    await page.getByTestId('settings-multipage').click();
    await page.getByTestId('page-tabs').waitFor({ state: 'detached' });
    expect(await page.getByTestId('settings-auto-hide-header').isDisabled()).toBe(false);
    await page.screenshot({ path: path.join(SHOTS, 'shell-settings-drawer.png') });
    expect(await storedValue(page, 'preferences')).toMatchObject({
      primaryColor: '#F5222D',
      navTheme: 'light',
      fixedHeader: true,
      multipage: false,
    });

    await page.reload();
    await page.getByTestId('basic-layout').waitFor();
    expect(await page.getByTestId('page-tabs').count()).toBe(0);
    expect(await page.getByTestId('sider').getAttribute('class')).toContain('ant-layout-sider-light');
    expect(await page.getByTestId('basic-layout').getAttribute('class')).toContain('ics-shell--fixed-header');
    expect(await background()).not.toBe('rgb(14, 111, 209)');
    // The light menu tints the selected item with the chosen colour.
    expect(await selected.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(245, 34, 45)');

    // Top menu: the side menu leaves, Fluid width becomes available.
    await openUserMenu('settings');
    await page.getByTestId('settings-layout-topmenu').click();
    await page.getByTestId('top-menu').waitFor();
    expect(await page.getByTestId('sider').count()).toBe(0);
    expect(await page.getByTestId('settings-fix-siderbar').isDisabled()).toBe(true);
  });

  it('the language switch turns the shell to English, messages included', async () => {
    await fresh();
    await loginAsAdmin(page, product);
    await page.getByTestId('count-total').waitFor();
    await page.getByTestId('visit-chart').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(SHOTS, 'shell-desktop-zh.png') });
    await page.getByTestId('language-en-US').click();
    await page.getByTestId(`menu-item-${HOME}`).getByText('Home').waitFor();
    await page.getByText('Visits over the last 7 days').waitFor();
    expect(await page.getByTestId('logout').textContent()).toBe('Log out');
    expect(await tab(HOME).textContent()).toBe('Home');
    await tab(HOME).locator('.ics-page-tabs__close').click();
    await waitForMessage(page, 'home page cannot be closed');
    await page.screenshot({ path: path.join(SHOTS, 'shell-desktop-en.png') });
    await page.getByTestId('language-zh-CN').click();
    await page.getByTestId(`menu-item-${HOME}`).getByText('首页').waitFor();
  });

  it('the bell counts unread announcements; opening one shows it and marks it read', async () => {
    const user = await createUser(product, { roles: ['role-viewer'], departs: ['dep-ops'] });
    await fresh();
    await loginAs(page, product, user.username, user.password);
    await waitForBellCount(0);
    const title = `巡检通知 ${Date.now()}`;
    await publishAnnouncement(product, {
      title,
      content: `<p>请于今晚<b>完成</b>巡检</p><script>window.__x = 1</script>`,
      userIds: [user.id],
    });
    await waitForBellCount(1);
    await page.getByTestId('notice-bell').click();
    await page.getByTestId('notice-popover').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'shell-bell-popover.png') });
    const item = page.getByTestId('notice-annt-list').getByTestId('notice-item').filter({ hasText: title });
    await item.click();
    const modal = page.getByTestId('announcement-modal');
    await modal.getByTestId('announcement-title').getByText(title).waitFor();
    expect(await modal.getByTestId('announcement-content').innerHTML()).toBe(
      '<p>请于今晚<b>完成</b>巡检</p>',
    );
    await waitForBellCount(0);
    await modal.getByTestId('announcement-close').click();

    await go(ANN);
    const row = page.getByTestId('user-announcement-table').locator('tr').filter({ hasText: title });
    await row.getByTestId('read-flag').getByText('已读').waitFor();
  });

  it('a pushed announcement reaches the bell over the WebSocket even after polling stopped', async () => {
    const user = await createUser(product, { roles: ['role-viewer'], departs: ['dep-ops'] });
    await fresh();
    const sockets: WebSocket[] = [];
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      sockets.push(ws);
      ws.on('framereceived', (f) => frames.push(String(f.payload)));
    });
    await loginAs(page, product, user.username, user.password);
    await waitForBellCount(0);
    expect(sockets.at(-1)?.url()).toMatch(new RegExp(`/ics/websocket/${user.id}\\?token=`));

    // A failing poll stops the polling (spec §8).
    await page.route('**/ics/sys/annountCement/listByUser**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"message":"boom"}',
      }),
    );
    await page.locator('.ant-notification-notice').filter({ hasText: 'boom' }).waitFor({ timeout: 10_000 });
    await page.unroute('**/ics/sys/annountCement/listByUser**');
    let polls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/sys/annountCement/listByUser')) polls += 1;
    });
    await page.waitForTimeout(7_000);
    expect(polls).toBe(0);

    const title = `推送 ${Date.now()}`;
    await publishAnnouncement(product, { title, userIds: [user.id] });
    await waitForBellCount(1, 4_000);
    expect(frames.some((f) => f.includes('"cmd":"user"'))).toBe(true);
  });

  it('the WebSocket reconnects 5 s after the server drops it, and pushes arrive again', async () => {
    await fresh();
    const opened: number[] = [];
    const closed: number[] = [];
    page.on('websocket', (ws) => {
      opened.push(Date.now());
      ws.on('close', () => closed.push(Date.now()));
    });
    await loginAsAdmin(page, product);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="notice-bell"]')?.hasAttribute('data-count'),
    );
    await expect.poll(() => opened.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const before = opened.length;

    const token = await adminToken(product);
    const dropped = await api<{ closed: number }>(product, token, 'POST', '/sys/realtime/disconnectAll');
    expect(dropped.success).toBe(true);
    await expect.poll(() => closed.length, { timeout: 5_000 }).toBeGreaterThan(0);
    await expect.poll(() => opened.length, { timeout: 10_000 }).toBe(before + 1);
    const gap = opened.at(-1)! - closed.at(-1)!;
    expect(gap).toBeGreaterThanOrEqual(4_500);
    expect(gap).toBeLessThan(8_000);
    // One attempt at a time: no second socket.
    await page.waitForTimeout(1_500);
    expect(opened.length).toBe(before + 1);

    const count = await bellCount();
    await publishAnnouncement(product, { title: `全员通知 ${Date.now()}` });
    await waitForBellCount(count + 1, 4_000);
  });

  it('a user without a current department must choose one; without departments a warning shows', async () => {
    const user = await createUser(product, { roles: ['role-viewer'], departs: ['dep-ops'] });
    const token = await adminToken(product);
    const edited = await api(product, token, 'PUT', '/sys/user/edit', {
      id: user.id,
      realname: 'Two departments',
      selectedroles: 'role-viewer',
      selecteddeparts: 'dep-root,dep-monitor',
    });
    expect(edited.success).toBe(true);

    await fresh();
    await loginAs(page, product, user.username, user.password);
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('depart-dialog-title') });
    await dialog.waitFor();
    expect(await page.getByTestId('depart-dialog-title').textContent()).toBe('部门选择');
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(450);
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await dialog.getByText('请选择登录部门').last().waitFor();
    expect(await dialog.locator('.ant-form-item-has-error').count()).toBe(1);
    await page.getByTestId('depart-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '监控中心' }).click();
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await storedValue<{ orgCode: string }>(page, 'Login_Userinfo')).toMatchObject({
      orgCode: 'A01A02',
    });
    await page.reload();
    await page.getByTestId('basic-layout').waitFor();
    await page.waitForTimeout(1_000);
    expect(await dialog.isVisible()).toBe(false);

    const lonely = await createUser(product, { roles: ['role-viewer'] });
    await context.close();
    await fresh();
    await loginAs(page, product, lonely.username, lonely.password);
    await waitForMessage(page, '您尚未设置部门信息!');
    expect(await page.getByTestId('depart-dialog-title').count()).toBe(0);
  });

  it('the password dialog validates, refuses a wrong old password and changes it', async () => {
    const user = await createUser(product, { roles: ['role-viewer'], departs: ['dep-ops'] });
    await fresh();
    await loginAs(page, product, user.username, user.password);
    await openUserMenu('password');
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('password-old') });
    await dialog.waitFor();
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(800);
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await dialog.getByText('请输入旧密码!').waitFor();
    await dialog.getByText('请输入新密码!').waitFor();
    await dialog.getByText('请确认新密码!').waitFor();

    await page.getByTestId('password-old').fill('wrong-old-password');
    await page.getByTestId('password-new').fill('New-Pass-456');
    await page.getByTestId('password-confirm').fill('Other-Pass-789');
    await dialog.getByText('两次输入的密码不一样！').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SHOTS, 'shell-password-dialog.png') });
    await page.getByTestId('password-confirm').fill('New-Pass-456');
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await page.locator('.ant-message-warning').waitFor();
    expect(await dialog.isVisible()).toBe(true);

    await page.getByTestId('password-old').fill(user.password);
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await page.locator('.ant-message-success').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const login = await fetch(`${product.apiUrl}/sys/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: 'New-Pass-456' }),
    });
    expect(((await login.json()) as { success: boolean }).success).toBe(true);
  });

  it('a button guarded by a mark shows for a user holding it and not for one without', async () => {
    const admin = await createUser(product, { roles: ['role-admin'], departs: ['dep-ops'], prefix: 'adm' });
    const viewer = await createUser(product, { roles: ['role-viewer'], departs: ['dep-ops'], prefix: 'vw' });

    await fresh();
    await loginAs(page, product, admin.username, admin.password);
    await go(ANN);
    await page.getByTestId('manage-announcements').waitFor();
    await context.close();

    await fresh();
    await loginAs(page, product, viewer.username, viewer.password);
    await go(ANN);
    await page.getByTestId('read-all').waitFor();
    expect(await page.getByTestId('manage-announcements').count()).toBe(0);
    // The viewer's menu has no System group either.
    expect(await page.getByTestId('menu-item-/system').count()).toBe(0);
    expect(hashRoute(page)).toBe(ANN);
  });

  it('the screen-display entry shows for a big-screen user only and opens /main/GlrMain in a new tab', async () => {
    const screenUser = await createUser(product, {
      roles: ['role-viewer'],
      departs: ['dep-ops'],
      userType: '0',
      prefix: 'scr',
    });
    const regular = await createUser(product, {
      roles: ['role-viewer'],
      departs: ['dep-ops'],
      userType: '1',
      prefix: 'reg',
    });

    await fresh();
    await loginAs(page, product, regular.username, regular.password);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-settings').waitFor();
    expect(await page.getByTestId('user-menu-screen').count()).toBe(0);
    await context.close();

    await fresh();
    await loginAs(page, product, screenUser.username, screenUser.password);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-screen').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'shell-user-menu-screen.png') });
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('user-menu-screen').click(),
    ]);
    // The tab opens at the big-screen route (before the console's router takes over).
    expect(new URL(popup.url()).hash).toBe('#/main/GlrMain');
    expect(new URL(popup.url()).origin).toBe(new URL(product.baseUrl).origin);
    // The console itself stays where it was.
    expect(hashRoute(page)).toBe(HOME);
    expect(context.pages()).toHaveLength(2);
  });

  it('"go handle" of a url announcement leads to its page', async () => {
    const user = await createUser(product, { roles: ['role-viewer'], departs: ['dep-ops'] });
    await fresh();
    await loginAs(page, product, user.username, user.password);
    // Notices to everyone published by earlier tests count too.
    await expect.poll(bellCount).toBeGreaterThanOrEqual(0);
    const before = await bellCount();
    const title = `处理通知 ${Date.now()}`;
    await publishAnnouncement(product, { title, userIds: [user.id], openPage: ANN });
    await waitForBellCount(before + 1);
    await page.getByTestId('notice-bell').click();
    await page.getByTestId('notice-annt-list').getByTestId('notice-item').filter({ hasText: title }).click();
    const modal = page.getByTestId('announcement-modal');
    await modal.getByTestId('announcement-title').getByText(title).waitFor();
    await modal.getByTestId('announcement-handle').click();
    await waitForRoute(page, /^\/isps\/userAnnouncement$/);
    await modal.waitFor({ state: 'hidden' });
    await page.getByTestId('user-announcement-table').locator('tr').filter({ hasText: title }).waitFor();
  });

  it('a changed platform title reaches the login page, header and tab title; the footer shows the ICP number', async () => {
    const token = await adminToken(product);
    const before = await api<Record<string, unknown>>(product, token, 'GET', '/sys/platform/settings');
    const title = `滨江智慧照明 ${Date.now().toString(36)}`;
    const icp = '苏ICP备12345678号-1';
    const { platFormLogo: _logo, platFormLoginSrc: _bg, ...settings } = before.result;
    const saved = await api(product, token, 'PUT', '/sys/platform/settings', {
      ...settings,
      platFormTitleCn: title,
      icpNumber: icp,
    });
    expect(saved.success).toBe(true);
    try {
      await fresh();
      await page.goto(`${product.baseUrl}/#/user/login`);
      await page.getByTestId('user-platform-title').getByText(title).waitFor();
      expect(await page.title()).toContain(title);
      expect(await page.getByTestId('icp-number').textContent()).toContain(icp);
      await page.screenshot({ path: path.join(SHOTS, 'shell-login-platform-title.png') });

      await loginAsAdmin(page, product);
      await page.getByTestId('platform-title').getByText(title).waitFor();
      await page.waitForFunction((t) => document.title === t, title);
      const footer = page.getByTestId('platform-footer');
      expect(await footer.getByTestId('icp-number').textContent()).toContain(icp);
      expect(await footer.getByTestId('icp-number').getAttribute('href')).toBe('https://beian.miit.gov.cn/');
      await go(ANN);
      await page.waitForFunction((t) => document.title === `我的消息 · ${t}`, title);
    } finally {
      await api(product, token, 'PUT', '/sys/platform/settings', settings);
    }
  });

  it('only one top-level group of the side menu is open at a time; a deep link opens its parent group', async () => {
    await fresh();
    await loginAsAdmin(page, product);
    const openGroups = () =>
      page
        .locator('[data-testid="side-menu"] > .ant-menu-submenu-open > .ant-menu-submenu-title [data-testid]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    const groups = await page
      .locator('[data-testid="side-menu"] > .ant-menu-submenu > .ant-menu-submenu-title [data-testid]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid') ?? ''));
    expect(groups).toContain('menu-item-/system');
    const other = groups.find((g) => g !== 'menu-item-/system')!;
    expect(other).toBeTruthy();

    await page.getByTestId('menu-item-/system').click();
    await page.getByTestId('menu-item-/system/user').waitFor();
    await expect.poll(openGroups).toEqual(['menu-item-/system']);
    await page.getByTestId(other).click();
    await expect.poll(openGroups).toEqual([other]);
    await page.getByTestId('menu-item-/system/user').waitFor({ state: 'hidden' });

    // A deep link (a reload on a page inside a group) opens that group and selects the page.
    await page.goto(`${product.baseUrl}/#/system/dict`);
    await page.reload();
    await page.getByTestId('list-dicts').waitFor();
    await expect.poll(openGroups).toEqual(['menu-item-/system']);
    const selected = page.locator('[data-testid="side-menu"] .ant-menu-item-selected [data-testid]');
    expect(await selected.getAttribute('data-testid')).toBe('menu-item-/system/dict');
  });

  it('at 900 px the menu is a drawer that closes after a choice; no tabs; search in a modal', async () => {
    await fresh({ width: 900 });
    await loginAsAdmin(page, product);
    expect(await page.getByTestId('basic-layout').getAttribute('data-device')).toBe('mobile');
    expect(await page.getByTestId('sider').count()).toBe(0);
    expect(await page.getByTestId('page-tabs').count()).toBe(0);
    await page.getByTestId('menu-toggle').click();
    const drawer = page.getByTestId('side-menu');
    await drawer.waitFor();
    await page.getByTestId('menu-item-/system').click();
    await page.getByTestId('menu-item-/system/dict').click();
    await drawer.waitFor({ state: 'hidden' });
    await waitForRoute(page, /^\/system\/dict$/);
    await page.getByTestId('list-dicts').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'shell-900-dicts.png') });

    await page.getByTestId('menu-search-open').click();
    await page.getByTestId('menu-search-modal').locator('.ant-select').waitFor();
  });
});
