import type { PermissionResult } from '@ics/contract';
import { describe, expect, it, vi } from 'vitest';
import { createRouteGuard, type GuardDeps } from './route-guard';

const permissions: PermissionResult = { menu: [], auth: [], allAuth: [] };

function guardWith(overrides: Partial<GuardDeps> = {}) {
  let loaded = false;
  const deps: GuardDeps = {
    getToken: () => 'tok',
    hasPermissions: () => loaded,
    loadPermissions: vi.fn(async () => permissions),
    install: vi.fn(() => {
      loaded = true;
    }),
    logout: vi.fn(async () => undefined),
    ...overrides,
  };
  const guard = createRouteGuard(deps);
  const run = async (path: string) => {
    try {
      return await guard({
        request: new Request(`http://localhost${path}`),
        params: {},
        context: {},
      } as never);
    } catch (thrown) {
      if (thrown instanceof Response)
        return { status: thrown.status, location: thrown.headers.get('Location') };
      throw thrown;
    }
  };
  return { deps, run };
}

describe('route guard', () => {
  it('without a token opens only the login, register, register-result and alteration pages', async () => {
    const { run } = guardWith({ getToken: () => null });
    for (const open of ['/user/login', '/user/register', '/user/register-result', '/user/alteration']) {
      expect(await run(open)).toBeNull();
    }
    expect(await run('/dashboard/analysis?tab=1')).toEqual({
      status: 302,
      location: '/user/login?redirect=%2Fdashboard%2Fanalysis%3Ftab%3D1',
    });
    expect(await run('/404')).toMatchObject({ location: '/user/login?redirect=%2F404' });
  });

  it('with a token the login page forwards to the home page or the redirect', async () => {
    const { run } = guardWith();
    expect(await run('/user/login')).toMatchObject({ location: '/dashboard/analysis' });
    expect(await run('/user/login?redirect=%2Fsystem%2Fuser')).toMatchObject({ location: '/system/user' });
    expect(await run('/user/login?redirect=https%3A%2F%2Fevil.example')).toMatchObject({
      location: '/dashboard/analysis',
    });
  });

  it('loads permissions once, installs them and re-runs the navigation', async () => {
    const { run, deps } = guardWith();
    const first = await run('/system/user');
    expect(first).toMatchObject({ status: 302, location: '/system/user' });
    expect(deps.install).toHaveBeenCalledWith(permissions);
    expect(await run('/system/user')).toBeNull();
    expect(deps.loadPermissions).toHaveBeenCalledTimes(1);
  });

  it('logs out and returns to login with the requested page when loading fails', async () => {
    const { run, deps } = guardWith({
      loadPermissions: vi.fn(async () => {
        throw new Error('permissions must be a non-null array');
      }),
    });
    expect(await run('/system/user')).toEqual({
      status: 302,
      location: '/user/login?redirect=%2Fsystem%2Fuser',
    });
    expect(deps.logout).toHaveBeenCalledTimes(1);
    expect(deps.install).not.toHaveBeenCalled();
  });
});
