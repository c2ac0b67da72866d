import type { PermissionResult } from '@ics/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../http', async (importOriginal) => ({ ...(await importOriginal<object>()), call }));

const { EMPTY_MENU_ERROR, fetchPermissions, logout } = await import('./session');
const { getToken, startSession, useSession } = await import('./session-store');

const ok = <T>(result: T) => ({ success: true, message: '', code: 200, result, timestamp: 0 });

describe('fetchPermissions', () => {
  beforeEach(() => call.mockReset());

  it('asks in the UI language and returns menu and authorisations', async () => {
    const permissions: PermissionResult = {
      menu: [
        {
          id: 'home',
          path: '/dashboard/analysis',
          name: 'home',
          component: 'dashboard/Analysis',
          route: '1',
          meta: { title: '首页', keepAlive: false, internalOrExternal: false },
        },
      ],
      auth: [],
      allAuth: [],
    };
    call.mockResolvedValueOnce(ok(permissions));
    await expect(fetchPermissions('en-US')).resolves.toEqual(permissions);
    expect(call.mock.calls[0]?.[1]).toEqual({ query: { lang: 'en-US' } });
  });

  it('rejects an empty menu with "permissions must be a non-null array"', async () => {
    call.mockResolvedValueOnce(ok({ menu: [], auth: [], allAuth: [] }));
    await expect(fetchPermissions('zh-CN')).rejects.toThrow(EMPTY_MENU_ERROR);
    expect(EMPTY_MENU_ERROR).toBe('permissions must be a non-null array');
  });
});

describe('logout', () => {
  it('forgets the local session even when the server call fails', async () => {
    startSession(
      {
        token: 't',
        userInfo: { username: 'admin', realname: 'A' } as never,
        departs: [],
        multi_depart: 0,
        sysAllDictItems: {},
      },
      true,
    );
    expect(getToken()).toBe('t');
    call.mockRejectedValueOnce(new Error('offline'));
    await logout();
    expect(getToken()).toBeNull();
    expect(useSession.getState().userInfo).toBeNull();
  });
});
