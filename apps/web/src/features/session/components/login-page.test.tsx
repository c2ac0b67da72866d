// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { changeLanguage } from '../../../shared/lib/i18n/i18n';
import LoginPage from './login-page';

// No server here: the platform settings are absent, as when the API cannot be reached.
vi.mock('../../../shared/hooks/use-platform-settings', () => ({ usePlatformSettings: () => undefined }));

// React's act() environment flag for a test renderer without @testing-library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

async function renderLogin() {
  const router = createMemoryRouter([{ path: '/user/login', Component: LoginPage }], {
    initialEntries: ['/user/login'],
  });
  await act(async () => {
    root.render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
}

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

beforeEach(async () => {
  await changeLanguage('zh-CN');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('login page', () => {
  it('flags empty fields without calling the server', async () => {
    await renderLogin();
    await act(async () => byTestId('login-submit')?.click());
    expect(container.textContent).toContain('请输入用户名！');
    expect(container.textContent).toContain('请输入密码！');
    expect(byTestId('login-error')).toBeNull();
  });

  it('switches between the account and the phone form', async () => {
    await renderLogin();
    expect(byTestId('login-username')).not.toBeNull();
    await act(async () => byTestId('login-tab-phone')?.click());
    expect(byTestId('login-username')).toBeNull();
    expect(byTestId('login-mobile')).not.toBeNull();
    expect(byTestId('sms-send')?.textContent).toContain('获取验证码');
    await act(async () => byTestId('login-submit')?.click());
    expect(container.textContent).toContain('请输入正确的手机号！');
    expect(container.textContent).toContain('请输入 6 位数字验证码！');
  });

  it('speaks English after the switch', async () => {
    await renderLogin();
    await act(async () => {
      await changeLanguage('en-US');
    });
    expect(byTestId('login-submit')?.textContent).toContain('Log in');
    expect(byTestId('login-tab-account')?.textContent).toBe('Account & password');
  });
});
