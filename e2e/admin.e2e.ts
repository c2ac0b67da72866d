import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiLogin,
  nextResponse,
  openRoute,
  pickOption,
  searchList,
  sideMenuTitles,
} from './support/admin';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin, storedToken, submitLogin, waitForRoute } from './support/console';
import { ADMIN_USERNAME, type Product, startProduct } from './support/product';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS = path.join(ROOT, 'docs/screenshots');

const ROLE = { name: 'E2E系统子集', code: 'e2e_subset' };
const USER = { username: 'e2e_operator', realname: 'E2E 操作员', password: 'Operator-123' };

let product: Product;
let browser: Browser;
const contexts: BrowserContext[] = [];
let adminToken: string;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  adminToken = await apiLogin(product, ADMIN_USERNAME, product.adminPassword);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function fresh(): Promise<Page> {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  return page;
}

async function adminPage(): Promise<Page> {
  const page = await fresh();
  await loginAsAdmin(page, product);
  return page;
}

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `system-${name}.png`) });
}

async function loginAs(page: Page, username: string, password: string) {
  await page.goto(`${product.baseUrl}/#/user/login`);
  await page.getByTestId('login-page').waitFor();
  await submitLogin(page, username, password);
}

describe('system administration journeys', () => {
  it('a custom role granting part of the System menu, a user with it: exactly those menus and buttons', async () => {
    const page = await adminPage();

    // The role, through the role form.
    await openRoute(page, product, '/system/role', 'list-roles');
    await page.getByTestId('list-roles-add').click();
    await page.getByTestId('role-form-roleName').fill(ROLE.name);
    await page.getByTestId('role-form-roleCode').fill(ROLE.code);
    const added = nextResponse(page, '/sys/role/add');
    await page.getByTestId('role-form-submit').click();
    expect((await added).status()).toBe(200);

    // Its permissions through the tree: the users menu with only its add button, and the logs
    // (with their one button, export).
    await searchList(page, 'roles', 'roleCode', ROLE.code);
    await page.getByTestId(`role-authorize-${ROLE.code}`).click();
    const tree = page.getByTestId('role-permission-tree');
    await tree.waitFor();
    await page.getByTestId('role-permission-tree-node-btn-system-user-add').click();
    await page.getByTestId('role-permission-tree-node-menu-system-log').click();
    // The parents show half-checked.
    const systemNode = page.locator('.ant-tree-treenode', {
      has: page.getByTestId('role-permission-tree-node-menu-system'),
    });
    await expect(systemNode.locator('.ant-tree-checkbox-indeterminate').count()).resolves.toBe(1);
    await page.getByTestId('role-permission-tree-node-menu-system').scrollIntoViewIfNeeded();
    await page
      .getByTestId('role-permission-tree-node-menu-system')
      .evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, 'role-permission-tree');
    const saved = nextResponse(page, '/sys/permission/saveRolePermission');
    await page.getByTestId('role-permission-tree-save').click();
    const savedBody = (await (await saved).request().postDataJSON()) as { permissionIds: string };
    expect(savedBody.permissionIds.split(',').sort()).toEqual(
      [
        'btn-system-log-export',
        'btn-system-user-add',
        'menu-system',
        'menu-system-log',
        'menu-system-user',
      ].sort(),
    );

    // The user, through the user form, with the role and a department.
    await openRoute(page, product, '/system/user', 'list-users');
    await page.getByTestId('list-users-add').click();
    await page.getByTestId('user-form-username').fill(USER.username);
    await page.getByTestId('user-form-realname').fill(USER.realname);
    await page.getByTestId('user-form-password').fill(USER.password);
    await page.getByTestId('user-form-confirm').fill(USER.password);
    await page.getByTestId('user-form-phone').fill('13800138123');
    await pickOption(page, 'user-form-roles', ROLE.name);
    await pickOption(page, 'user-form-departs', '运维部');
    await shot(page, 'user-form');
    const userAdded = nextResponse(page, '/sys/user/add');
    await page.getByTestId('user-form-submit').click();
    expect((await userAdded).status()).toBe(200);
    await searchList(page, 'users', 'username', 'e2e');
    await page.getByTestId(`user-edit-${USER.username}`).waitFor();
    await shot(page, 'user-list');

    // A second user with the same phone is refused live by the uniqueness check.
    await page.getByTestId('list-users-add').click();
    await page.getByTestId('user-form-phone').fill('13800138123');
    await page.getByText('该值不可用，系统中已存在！').waitFor();
    await page.keyboard.press('Escape');

    // The user sees exactly the granted menus and buttons.
    const userPage = await fresh();
    await loginAs(userPage, USER.username, USER.password);
    await userPage.getByTestId('platform-title').waitFor();
    await userPage.goto(`${product.baseUrl}/#/system/user`);
    await userPage.getByTestId('list-users').waitFor();
    const userToken = await storedToken(userPage);
    const perms = await api<{
      menu: { meta: { title: string }; children?: { meta: { title: string } }[] }[];
    }>(product, userToken ?? '', 'GET', '/sys/permission/getUserPermissionByToken');
    const granted = perms.result.menu.flatMap((m) => [
      m.meta.title,
      ...(m.children ?? []).map((c) => c.meta.title),
    ]);
    expect(granted.sort()).toEqual(['系统管理', '用户管理', '日志'].sort());
    await expect(sideMenuTitles(userPage)).resolves.toEqual(expect.arrayContaining(granted));
    expect(
      (await sideMenuTitles(userPage)).filter((t) => ['角色管理', '菜单管理', '部门管理'].includes(t)),
    ).toEqual([]);
    await userPage.getByTestId('list-users-add').waitFor();
    expect(await userPage.getByTestId('list-users-export').count()).toBe(0);
    expect(await userPage.getByTestId('users-freeze-selected').count()).toBe(0);
    expect(await userPage.getByTestId(`user-edit-${USER.username}`).count()).toBe(0);
    expect(await userPage.getByTestId(`user-delete-${USER.username}`).count()).toBe(0);
    await userPage.goto(`${product.baseUrl}/#/system/role`);
    await waitForRoute(userPage, /^\/404$/);
  });

  it('exports the filtered user list to .xlsx and the file holds those rows', async () => {
    const page = await adminPage();
    await openRoute(page, product, '/system/user', 'list-users');
    await searchList(page, 'users', 'username', 'e2e_');
    const download = page.waitForEvent('download');
    await page.getByTestId('list-users-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const saved = await file.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(saved)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toContain('账号');
    expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('账号')])).toEqual([USER.username]);
  });

  it('freezing the user in the list refuses their login; an admin account cannot be frozen', async () => {
    const page = await adminPage();
    await openRoute(page, product, '/system/user', 'list-users');
    await searchList(page, 'users', 'username', USER.username);
    await page.getByTestId(`user-freeze-${USER.username}`).click();
    const frozen = nextResponse(page, '/sys/user/frozenBatch');
    await page.getByTestId('user-status-confirm').click();
    expect((await frozen).status()).toBe(200);
    await page.getByTestId(`user-unfreeze-${USER.username}`).waitFor();
    // The first confirmation has finished closing before the second one opens.
    await expect.poll(() => page.getByTestId('user-status-confirm').count()).toBe(0);

    await searchList(page, 'users', 'username', ADMIN_USERNAME);
    await page.getByTestId(`user-freeze-${ADMIN_USERNAME}`).click();
    const refused = nextResponse(page, '/sys/user/frozenBatch');
    await page.getByTestId('user-status-confirm').click();
    const refusal = await refused;
    expect(refusal.status()).toBe(403);
    const { message } = (await refusal.json()) as { message: string };
    await page.locator('.ant-message').getByText(message).waitFor();

    const userPage = await fresh();
    await loginAs(userPage, USER.username, USER.password);
    const error = userPage.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('冻结');
    await api(product, adminToken, 'PUT', '/sys/user/frozenBatch', {
      ids: (await userId(USER.username)) ?? '',
      status: 1,
    });
  });

  it('a menu title changed on the translations page shows in the console after a reload', async () => {
    const page = await adminPage();
    await openRoute(page, product, '/system/i18n', 'list-i18n');
    await searchList(page, 'i18n', 'key', 'menu.system.dict');
    await page.getByTestId('i18n-edit-menu.system.dict').click();
    await page.getByTestId('i18n-form-zhCn').fill('字典E2E');
    const saved = nextResponse(page, '/sys/i18n/edit');
    await page.getByTestId('i18n-form-submit').click();
    expect((await saved).status()).toBe(200);
    await page.goto(`${product.baseUrl}/#/system/dict`);
    await page.reload();
    await page.getByTestId('list-dicts').waitFor();
    await expect(sideMenuTitles(page)).resolves.toContain('字典E2E');
    await api(product, adminToken, 'PUT', '/sys/i18n/edit', {
      id: 'menu.system.dict',
      key: 'menu.system.dict',
      zhCn: '数据字典',
      enUs: 'Dictionaries',
    });
  });

  it('an announcement published in the UI reaches another user', async () => {
    const title = `E2E 公告 ${Date.now()}`;
    // Another user, signed in before anything is published: the seeded roles cannot
    // administer, any signed-in user gets the notice.
    await api(product, adminToken, 'POST', '/sys/user/add', {
      username: 'e2e_reader',
      realname: 'Reader',
      password: 'Reader-1234',
      selectedroles: 'role-viewer',
      selecteddeparts: 'dep-ops',
    });
    const reader = await fresh();
    await loginAs(reader, 'e2e_reader', 'Reader-1234');
    const bell = reader.getByTestId('notice-bell');
    await bell.waitFor();
    const bellCount = async () => Number((await bell.getAttribute('data-count')) ?? -1);
    await expect.poll(bellCount).toBeGreaterThanOrEqual(0);
    const before = await bellCount();

    const page = await adminPage();
    await openRoute(page, product, '/system/announcement', 'list-announcements');
    await page.getByTestId('list-announcements-add').click();
    await page.getByTestId('announcement-form-titile').fill(title);
    const editor = page.getByTestId('announcement-form-content');
    await editor.click();
    await page.keyboard.type('Lamps in ');
    await page.getByTestId('announcement-form-content-bold').click();
    await page.keyboard.type('zone A');
    const added = nextResponse(page, '/sys/annountCement/add');
    await page.getByTestId('announcement-form-submit').click();
    const addedBody = (await (await added).json()) as { result: { msgContent: string } };
    expect(addedBody.result.msgContent).toMatch(/<(b|strong)>zone A<\/(b|strong)>/);
    // Nothing reaches the reader while it is a draft.
    expect(await bellCount()).toBe(before);
    await page.getByTestId(`announcement-publish-${title}`).click();
    const published = nextResponse(page, '/sys/annountCement/doReleaseData');
    await page.getByTestId('announcement-confirm').click();
    expect((await published).status()).toBe(200);
    await page.getByTestId(`announcement-revoke-${title}`).waitFor();

    // The reader's bell counts it (pushed over the WebSocket, or at the next poll) and lists it.
    await expect.poll(bellCount, { timeout: 15_000 }).toBe(before + 1);
    await bell.click();
    const popover = reader.getByTestId('notice-popover');
    await popover.getByText(title).waitFor();
    await popover.getByTestId('notice-item').filter({ hasText: title }).click();
    const modal = reader.getByTestId('announcement-modal');
    await modal.getByTestId('announcement-title').getByText(title).waitFor();
    expect(await modal.getByTestId('announcement-content').innerHTML()).toMatch(
      /Lamps in <(b|strong)>zone A<\/(b|strong)>/,
    );
    await expect.poll(bellCount).toBe(before);
  });

  it('a department role created, granted and assigned on the department page gives its user the menus', async () => {
    // The department may hand on the System menu with its logs.
    await api(product, adminToken, 'POST', '/sys/permission/saveDepartPermission', {
      departId: 'dep-ops',
      permissionIds: 'menu-system,menu-system-log',
    });
    const added = await api<{ id: string }>(product, adminToken, 'POST', '/sys/user/add', {
      username: 'e2e_duty',
      realname: '值班员',
      password: 'Duty-12345',
      selecteddeparts: 'dep-ops',
    });
    expect(added.success, added.message).toBe(true);

    const page = await adminPage();
    await openRoute(page, product, '/system/depart', 'depart-page');
    await page.getByTestId('depart-node-A01A01').click();
    await page.getByRole('tab', { name: '部门角色' }).click();
    await page.getByTestId('list-depart-roles-add').click();
    await page.getByTestId('depart-role-form-roleName').fill('夜班值守');
    await page.getByTestId('depart-role-form-roleCode').fill('night_duty');
    const roleAdded = nextResponse(page, '/sys/sysDepartRole/add');
    await page.getByTestId('depart-role-form-submit').click();
    const roleBody = (await (await roleAdded).json()) as { success: boolean; result: { id: string } };
    expect(roleBody.success).toBe(true);

    // Grant: the tree holds only the department's permissions (System with its logs), so
    // checking the logs checks System too.
    await page.getByTestId('depart-role-authorize-night_duty').click();
    await page.getByTestId('depart-role-permission-tree-node-menu-system-log').click();
    expect(await page.getByTestId('depart-role-permission-tree-node-menu-system-user').count()).toBe(0);
    const systemNode = page.locator('.ant-tree-treenode', {
      has: page.getByTestId('depart-role-permission-tree-node-menu-system'),
    });
    await expect(systemNode.locator('.ant-tree-checkbox-checked').count()).resolves.toBe(1);
    const granted = nextResponse(page, '/sys/sysDepartPermission/saveDeptRolePermission');
    await page.getByTestId('depart-role-permission-tree-save').click();
    const grantBody = (await (await granted).request().postDataJSON()) as { permissionIds: string };
    expect(grantBody.permissionIds.split(',').sort()).toEqual(['menu-system', 'menu-system-log']);
    await page.getByTestId('depart-role-edit-night_duty').waitFor();
    await shot(page, 'depart-roles');

    // Assign it to the department's user.
    await page.getByRole('tab', { name: '部门用户' }).click();
    await page.getByTestId('depart-user-roles-e2e_duty').click();
    await page.getByTestId('depart-user-roles-options').getByText('夜班值守').click();
    const assigned = nextResponse(page, '/sys/sysDepartRole/deptRoleUserAdd');
    await page.getByTestId('depart-user-roles-save').click();
    expect((await assigned).status()).toBe(200);

    const token = await apiLogin(product, 'e2e_duty', 'Duty-12345');
    const perms = await api<{
      menu: { meta: { title: string }; children?: { meta: { title: string } }[] }[];
    }>(product, token, 'GET', '/sys/permission/getUserPermissionByToken');
    const titles = perms.result.menu.flatMap((m) => [
      m.meta.title,
      ...(m.children ?? []).map((c) => c.meta.title),
    ]);
    expect(titles).toEqual(expect.arrayContaining(['系统管理', '日志']));
    expect(titles).not.toContain('用户管理');

    // The same page in English.
    await page.getByTestId('language-en-US').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await page.getByRole('tab', { name: 'Department roles' }).click();
    await page.getByTestId('depart-role-edit-night_duty').waitFor();
    await shot(page, 'depart-roles-en');
    await page.getByTestId('language-zh-CN').click();
  });

  it('the announcement form offers the open fields and refuses a page that is not a url or path', async () => {
    const page = await adminPage();
    await openRoute(page, product, '/system/announcement', 'list-announcements');
    await page.getByTestId('list-announcements-add').click();
    await page.getByTestId('announcement-form-titile').fill('E2E 打开页面');
    await pickOption(page, 'announcement-form-openType', '地址（url）');
    await page.getByTestId('announcement-form-openPage').fill('javascript:alert(1)');
    await page.getByTestId('announcement-form-submit').click();
    await page.getByText('打开页面须为 http(s):// 地址或以 / 开头的控制台路径').waitFor();
    await shot(page, 'announcement-open-fields');
    await page.getByTestId('announcement-form-openPage').fill('/lighting/lamp');
    const added = nextResponse(page, '/sys/annountCement/add');
    await page.getByTestId('announcement-form-submit').click();
    const body = (await (await added).json()) as {
      success: boolean;
      result: { openType: string; openPage: string };
    };
    expect(body.result).toMatchObject({ openType: 'url', openPage: '/lighting/lamp' });

    // A component page with its business id.
    await page.getByTestId('list-announcements-add').click();
    await page.getByTestId('announcement-form-titile').fill('E2E 组件页面');
    await pickOption(page, 'announcement-form-openType', '详情组件');
    await pickOption(page, 'announcement-form-component', '用户详情');
    await page.getByTestId('announcement-form-submit').click();
    await page.getByText('组件方式须填写业务ID!').waitFor();
    await page.getByTestId('announcement-form-busId').fill('user-admin');
    const component = nextResponse(page, '/sys/annountCement/add');
    await page.getByTestId('announcement-form-submit').click();
    const componentBody = (await (await component).json()) as { result: Record<string, string> };
    expect(componentBody.result).toMatchObject({
      openType: 'component',
      openPage: 'system/UserDetail',
      busId: 'user-admin',
    });

    await page.getByTestId('language-en-US').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await page.getByTestId('list-announcements-add').click();
    await pickOption(page, 'announcement-form-openType', 'Detail component');
    await page.getByTestId('announcement-form-component').waitFor();
    await shot(page, 'announcement-open-fields-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('language-zh-CN').click();
  });

  it("a data rule granted in the role drawer limits the user list of that role's users", async () => {
    // Fixture by API: a role with the users menu, a rule on that menu, users in one department.
    const role = await api<{ id: string }>(product, adminToken, 'POST', '/sys/role/add', {
      roleName: 'E2E数据规则',
      roleCode: 'e2e_rule_role',
    });
    expect(role.success, role.message).toBe(true);
    await api(product, adminToken, 'POST', '/sys/permission/saveRolePermission', {
      roleId: role.result.id,
      permissionIds: 'menu-system,menu-system-user',
    });
    const rule = await api<{ id: string }>(product, adminToken, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: 'menu-system-user',
      ruleName: 'E2E 规则用户',
      ruleColumn: 'username',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: 'e2e_rule_',
    });
    expect(rule.success, rule.message).toBe(true);
    const password = 'Rule-User-123';
    for (const [username, roles] of [
      ['e2e_rule_viewer', role.result.id],
      ['e2e_rule_peer', ''],
      ['e2e_other_peer', ''],
    ] as const) {
      const added = await api(product, adminToken, 'POST', '/sys/user/add', {
        username,
        realname: username,
        password,
        confirmpassword: password,
        selectedroles: roles,
        selecteddeparts: 'dep-ops',
      });
      expect(added.success, added.message).toBe(true);
    }
    const listedFor = async (page: Page) => {
      await page.goto(`${product.baseUrl}/#/system/user`);
      const rows = page.getByTestId('list-users').locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      return (await rows.allTextContents()).join(' ');
    };

    // Without the rule, the role's user sees both peers of the department.
    const viewer = await fresh();
    await loginAs(viewer, 'e2e_rule_viewer', password);
    await viewer.getByTestId('platform-title').waitFor();
    const before = await listedFor(viewer);
    expect(before).toContain('e2e_other_peer');
    expect(before).toContain('e2e_rule_peer');

    // The administrator grants the rule in the role's permission drawer.
    const page = await adminPage();
    await openRoute(page, product, '/system/role', 'list-roles');
    await searchList(page, 'roles', 'roleCode', 'e2e_rule_role');
    await page.getByTestId('role-authorize-e2e_rule_role').click();
    await page.getByTestId('role-permission-tree').waitFor();
    await page.getByTestId('role-data-rules-menu-system-user').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'E2E 规则用户' });
    await dialog.getByText('E2E 规则用户').click();
    await shot(page, 'role-data-rules');
    const saved = nextResponse(page, '/sys/role/datarule');
    await page.getByTestId('role-data-rules-save').click();
    const savedAnswer = await saved;
    expect(savedAnswer.status()).toBe(200);
    expect(savedAnswer.request().postDataJSON()).toMatchObject({
      permissionId: 'menu-system-user',
      dataRuleIds: rule.result.id,
    });
    await dialog.waitFor({ state: 'hidden' });

    // Reopened, the dialog shows the rule granted.
    await page.getByTestId('role-data-rules-menu-system-user').click();
    await expect
      .poll(() => page.getByRole('dialog').locator('.ant-checkbox-wrapper-checked').allTextContents())
      .toEqual([expect.stringContaining('E2E 规则用户')]);

    // The role's user now sees only the users the rule matches.
    await viewer.reload();
    await expect.poll(() => listedFor(viewer), { timeout: 10_000 }).not.toContain('e2e_other_peer');
    expect(await listedFor(viewer)).toContain('e2e_rule_peer');
  });

  it('screens of the menu tree and the platform settings', async () => {
    const page = await adminPage();
    await openRoute(page, product, '/system/permission', 'list-menus');
    await page.getByTestId('menu-row-menu-system').waitFor();
    await page.locator('tr[data-row-key="menu-system"] .ant-table-row-expand-icon').click();
    await page.getByTestId('menu-row-menu-system-user').waitFor();
    await shot(page, 'menu-tree');
    await openRoute(page, product, '/system/platform', 'platform-settings');
    await page.getByTestId('platform-title-cn').waitFor();
    await shot(page, 'platform-settings');
    // A file that is not an image is refused with the server's message.
    await page.getByTestId('platform-logo-file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await page.getByTestId('platform-logo-error').getByText('只能上传PNG或JPEG图片').waitFor();
  });
});

async function userId(username: string): Promise<string | undefined> {
  const page = await api<{ records: { id: string; username: string }[] }>(
    product,
    adminToken,
    'GET',
    `/sys/user/list?username=${encodeURIComponent(username)}`,
  );
  return page.result.records.find((r) => r.username === username)?.id;
}
