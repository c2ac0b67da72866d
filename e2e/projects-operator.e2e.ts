import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin, settled, waitForRoute } from './support/console';
import { type Product, startProduct } from './support/product';
import { adminToken, api, apiLogin, createUser, loginAs } from './support/shell';

// The project page as a new operator of a sub-department meets it: a role with the project menu
// and its list mark only, a user of 运维部 (below 智慧照明中心) holding it. They see the projects
// linked to their department and nothing else, no button to change one, and the server refuses
// what the page does not offer.
const SHOTS = path.join(fileURLToPath(new URL('..', import.meta.url)), 'e2e/artifacts/projects-operator');
const ROUTE = '/system/project';

/** The project linked to the operator's department (运维部) and one linked to its sibling (监控中心). */
const OWN = { name: '云龙片区', nameEn: 'Yunlong District', code: 'E2E-OWN', departIds: 'dep-ops' };
const OTHER = { name: '铜山片区', nameEn: 'Tongshan District', code: 'E2E-OTHER', departIds: 'dep-monitor' };

type Project = { id: string; name: string; nameEn: string | null; localName: string; code: string };
type Page1<T> = { records: T[]; total: number };

let product: Product;
let browser: Browser;
let admin: string;
let ownId: string;
let otherId: string;
let operator: { username: string; password: string };

async function addProject(p: typeof OWN): Promise<string> {
  const added = await api<{ id: string }>(product, admin, 'POST', '/sys/project/add', {
    ...p,
    longitude: 117.2,
    latitude: 34.2,
    timeZone: 'Asia/Shanghai',
  });
  if (!added.success) throw new Error(`project add failed: ${added.message}`);
  return added.result.id;
}

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  admin = await adminToken(product);
  ownId = await addProject(OWN);
  otherId = await addProject(OTHER);
  // The role: the System menu and its project page, whose menu row carries the list mark; no
  // button row (add, edit, delete, export).
  const role = await api<{ id: string }>(product, admin, 'POST', '/sys/role/add', {
    roleName: 'E2E项目查看',
    roleCode: 'e2e_project_viewer',
  });
  if (!role.success) throw new Error(`role add failed: ${role.message}`);
  const granted = await api(product, admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId: role.result.id,
    permissionIds: 'menu-system,menu-system-project',
  });
  if (!granted.success) throw new Error(`grant failed: ${granted.message}`);
  const held = await api<string[]>(
    product,
    admin,
    'GET',
    `/sys/permission/queryRolePermission?roleId=${role.result.id}`,
  );
  expect([...held.result].sort()).toEqual(['menu-system', 'menu-system-project']);
  operator = await createUser(product, { roles: [role.result.id], departs: ['dep-ops'], prefix: 'projop' });
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The project list's rows once it has loaded. */
async function rows(page: Page): Promise<Locator> {
  const list = page.getByTestId('list-projects');
  await list.waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('.ant-spin-spinning:visible').count(), { timeout: 15_000 }).toBe(0);
  const found = list.locator('tbody tr.ant-table-row');
  await found.first().waitFor({ timeout: 15_000 });
  return found;
}

/** Every text of the page as rendered (hidden nodes left out). */
// biome-ignore lint/performance/useDomNodeTextContent: the text as rendered on screen is wanted
const shownText = (page: Page) => page.locator('body').innerText();

/** The row buttons that change a project: edit and delete, in either language. */
const changeButtons = (row: Locator) => row.getByRole('button', { name: /编\s*辑|删\s*除|^Edit$|^Delete$/ });

/**
 * The operator signed in (zh-CN, the default), on the project page opened from the side menu:
 * the list's rows once loaded, and the row of their own project.
 */
async function operatorPage() {
  const { context, page } = await newPage(browser, { locale: 'zh-CN' });
  await loginAs(page, product, operator.username, operator.password);
  // As they would: 系统管理 → 项目管理.
  await page.getByTestId('menu-item-/system').click();
  await page.getByTestId(`menu-item-${ROUTE}`).click();
  await waitForRoute(page, /^\/system\/project$/);
  const listed = await rows(page);
  const own = listed.filter({ hasText: OWN.code });
  expect(await own.textContent()).toContain(OWN.name);
  return { context, page, listed, own };
}

describe('the project page for an operator of a sub-department', () => {
  it('the administrator sees both projects, with the add button and the row actions', async () => {
    // What the operator must not see is there to be seen: both projects, and the controls
    // found by the same selectors the operator's checks use.
    const all = await api<Page1<Project>>(product, admin, 'GET', '/sys/project/list?pageSize=50');
    expect(all.result.records.map((p) => p.code).sort()).toEqual([OTHER.code, OWN.code].sort());
    const byId = await api<Project>(product, admin, 'GET', `/sys/project/queryById?id=${otherId}`);
    expect(byId.result).toMatchObject({ code: OTHER.code });

    const { context, page } = await newPage(browser);
    await loginAsAdmin(page, product);
    await page.evaluate((r) => {
      window.location.hash = `#${r}`;
    }, ROUTE);
    const listed = await rows(page);
    await expect.poll(() => listed.count()).toBe(2);
    const text = await shownText(page);
    expect(text).toContain(OWN.name);
    expect(text).toContain(OTHER.name);
    expect(await page.getByTestId('list-projects-add').count()).toBe(1);
    expect(await page.getByTestId('list-projects-export').count()).toBe(1);
    expect(await changeButtons(listed.filter({ hasText: OTHER.code })).count()).toBe(2);
    expect(await listed.locator('input[type=checkbox]').count()).toBe(2);
    await context.close();
  });

  it('lists only the project linked to their department', async () => {
    const { context, page, listed } = await operatorPage();
    // Checked soft, each on its own, so that a failure names every sign of the other project.
    const text = await shownText(page);
    expect.soft(text.includes(OTHER.name), `${OTHER.name} shown on the page`).toBe(false);
    expect.soft(text.includes(OTHER.code), `${OTHER.code} shown on the page`).toBe(false);
    expect.soft(await listed.count(), 'rows listed').toBe(1);
    await context.close();
  });

  it('offers no change and passes axe, in Chinese and, switched in the header, in English', async () => {
    const { context, page, listed, own } = await operatorPage();
    // Nothing that changes a project: no add, no row boxes (batch delete), no export, no row
    // edit or delete.
    const noChange = async () => {
      expect(await page.getByTestId('list-projects-add').count()).toBe(0);
      expect(await page.getByTestId('list-projects-export').count()).toBe(0);
      expect(await changeButtons(listed).count()).toBe(0);
      expect(await listed.locator('input[type=checkbox]').count()).toBe(0);
    };
    await noChange();
    const header = page.getByTestId('list-projects').locator('.ant-table-thead');
    expect(await header.textContent()).toContain('项目名称');
    expect(await header.textContent()).toContain('项目编码');
    expect(await shownText(page)).toContain('项目管理');
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'operator-zh-CN.png') });

    // The header's language switch: the list loads again in English.
    await page.getByTestId('language-en-US').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await expect.poll(() => own.textContent(), { timeout: 10_000 }).toContain(OWN.nameEn);
    expect(await own.textContent()).not.toContain(OWN.name);
    await expect.poll(() => header.textContent()).toContain('Project name');
    expect(await header.textContent()).toContain('Project code');
    expect(await header.textContent()).toContain('Time zone');
    expect(await header.textContent()).not.toMatch(/[\u4e00-\u9fff]/);
    const english = await shownText(page);
    expect(english).toContain('Projects');
    expect(english).not.toContain('项目管理');
    await noChange();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'operator-en-US.png') });
    await context.close();
  });

  it('the server refuses their adding, editing and deleting', async () => {
    const token = await apiLogin(product, operator.username, operator.password);
    const forbidden = { success: false, code: 403, errorCode: 'auth.forbidden' };
    const add = await api(product, token, 'POST', '/sys/project/add', {
      ...OWN,
      code: 'E2E-SNEAK',
      longitude: 117,
      latitude: 34,
      timeZone: 'Asia/Shanghai',
    });
    expect(add).toMatchObject({ ...forbidden, result: { mark: 'system:project:add' } });
    const edit = await api(product, token, 'PUT', '/sys/project/edit', {
      ...OWN,
      id: ownId,
      name: '改名',
      longitude: 117,
      latitude: 34,
      timeZone: 'Asia/Shanghai',
    });
    expect(edit).toMatchObject({ ...forbidden, result: { mark: 'system:project:edit' } });
    for (const remove of [`/sys/project/delete?id=${otherId}`, `/sys/project/deleteBatch?ids=${ownId}`])
      expect(await api(product, token, 'DELETE', remove)).toMatchObject({
        ...forbidden,
        result: { mark: 'system:project:delete' },
      });
    // Nothing changed: no new project, both still there under their names.
    const all = await api<Page1<Project>>(product, admin, 'GET', '/sys/project/list?pageSize=50');
    expect(all.result.records.map((p) => [p.code, p.name]).sort()).toEqual(
      [
        [OTHER.code, OTHER.name],
        [OWN.code, OWN.name],
      ].sort(),
    );
  });

  it('the server knows no project of another department for them: not found, not listed', async () => {
    const token = await apiLogin(product, operator.username, operator.password);
    const own = await api<Project>(product, token, 'GET', `/sys/project/queryById?id=${ownId}`);
    expect(own).toMatchObject({ success: true, result: { code: OWN.code } });
    // Each answer checked on its own (soft), so that a failure names every one that leaks.
    const other = await api<Project | null>(product, token, 'GET', `/sys/project/queryById?id=${otherId}`);
    const answer = other.success ? { row: other.result } : { code: other.code };
    expect
      .soft(answer, 'queryById of the other project')
      .toEqual(other.success ? { row: null } : { code: 404 });
    const byCode = await api<Page1<Project>>(product, token, 'GET', `/sys/project/list?code=${OTHER.code}`);
    expect.soft(byCode.result, 'list filtered by its code').toMatchObject({ records: [], total: 0 });
    const mine = await api<Page1<Project>>(product, token, 'GET', '/sys/project/list?pageSize=50');
    expect
      .soft(
        mine.result.records.map((p) => p.code),
        'the whole list',
      )
      .toEqual([OWN.code]);
    expect.soft(mine.result.total, 'the whole list').toBe(1);
  });
});
