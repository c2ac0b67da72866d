import { commandNames, lampFaultCodes } from '@ics/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { loginAsAdmin } from './support/console';
import { createLightingFixture, type LightingFixture, simLamp, waitFor } from './support/lighting-fixture';
import { type Product, startProduct } from './support/product';

// Issue 25: strategies that end reach the gateways; no raw code on the operators' pages.
let product: Product;
let fixture: LightingFixture;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  fixture = await createLightingFixture(product, 3);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  await product?.stop();
});

async function signedIn(locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const { page } = await newPage(browser, { locale });
  await loginAsAdmin(page, product);
  await page.getByTestId(`language-${locale}`).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  return page;
}

type GatewaySchedule = { gatewayId: string; upToDate: boolean; heldVersion: string | null };

describe('lighting for operators', () => {
  it('deleting a strategy sends its gateways the empty schedule; the gateway view follows', async () => {
    await fixture.api.post('/lighting/strategy/add', {
      projectId: fixture.projectId,
      name: 'Night plan',
      actions: [
        { at: { type: 'sunset', offsetMinutes: 0 }, action: 'on' },
        { at: { type: 'clock', time: '23:00' }, action: 'dim', level: 50 },
      ],
      targets: [{ kind: 'project', id: fixture.projectId }],
    });
    await fixture.api.post('/lighting/strategy/push', { projectId: fixture.projectId });
    await waitFor(async () => (fixture.gateway.schedule?.entries as unknown[] | undefined)?.length === 2);

    const page = await signedIn('en-US');
    await page.goto(`${product.baseUrl}/#/lighting/strategy`);
    await page.getByTestId('strategy-delete-Night plan').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /ok|确\s?定/i })
      .click();
    // The gateway is sent the empty schedule and acknowledges it.
    await waitFor(async () => fixture.gateway.scheduleVersion === 'empty');
    expect(fixture.gateway.schedule?.entries).toEqual([]);
    // The gateway view says so in words: no schedule expected, none held, up to date.
    await page.getByRole('tab', { name: 'Gateway schedules' }).click();
    const row = page.locator('tr', { hasText: fixture.sn });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('No schedule');
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Up to date');
    const view = await fixture.api.get<{ records: GatewaySchedule[] }>(
      `/lighting/strategy/gateways?projectId=${fixture.projectId}`,
    );
    expect(view.records[0]).toMatchObject({ upToDate: true, heldVersion: 'empty' });
    await page.context().close();
  });

  it('shows no raw code on the lamp list, the command log and the progress drawer, in both languages', async () => {
    // A fault on one lamp, a failed command with a device's English reason, a dim and a schedule.
    simLamp(fixture.gateway, fixture.lamps[0]!.address).faults.add('controlGearCommFailure');
    await fixture.gateway.telemetry();
    await fixture.api.post('/lighting/strategy/add', {
      projectId: fixture.projectId,
      name: 'Evening',
      actions: [{ at: { type: 'sunset', offsetMinutes: 0 }, action: 'on' }],
      targets: [{ kind: 'project', id: fixture.projectId }],
    });
    await fixture.api.post('/lighting/strategy/push', { projectId: fixture.projectId });
    // Codes that must never reach the screen: fault flags, command names, JSON parameters,
    // the raw actions in drawer titles and the devices' English reasons.
    const codes = [
      ...lampFaultCodes,
      ...commandNames,
      '{"',
      '"level"',
      '· on',
      '· off',
      '· dim',
      'control gear not responding',
    ];
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const page = await signedIn(locale);
      const scan = async (what: string) => {
        const text = (await page.locator('body').innerText()) ?? '';
        const found = codes.filter((c) => text.includes(c));
        expect(found, `${what} (${locale})`).toEqual([]);
      };
      await page.goto(`${product.baseUrl}/#/lighting/lamp`);
      const faulty = page.locator('[data-code="controlGearCommFailure"]').first();
      await faulty.waitFor({ timeout: 20_000 });
      expect(await faulty.textContent()).toBe(
        locale === 'en-US' ? 'Control gear not responding' : '驱动通信故障',
      );
      await scan('lamp list');

      // Dim the lamps (the faulty one fails with its reason) and look at the drawer.
      for (const lamp of fixture.lamps)
        await page
          .locator('tr', { has: page.getByTestId(`lamp-level-${fixture.sn}-${lamp.address}`) })
          .locator('input[type=checkbox]')
          .check();
      await page.getByTestId('control-dim').click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /ok|确\s?定/i })
        .click();
      const drawer = page.getByTestId('control-progress');
      await expect
        .poll(() => drawer.getByTestId('control-counts').getAttribute('data-done'), { timeout: 20_000 })
        .toBe('1');
      await expect.poll(() => drawer.getByTestId('outcome-failed').count()).toBe(1);
      await scan('progress drawer');
      await drawer
        .getByRole('button', { name: /close|关闭/i })
        .first()
        .click();

      await page.goto(`${product.baseUrl}/#/lighting/command`);
      await page.getByTestId('command-log').locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await expect
        .poll(() => page.getByTestId('command-log').innerText(), { timeout: 15_000 })
        .toContain(locale === 'en-US' ? 'schedule: sunset on 100 %' : '计划: 日落 开 100 %');
      await scan('command log');
      await page.context().close();
    }
  }, 240_000);
});
