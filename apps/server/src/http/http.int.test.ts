import { bindRoutes, defineRoute } from '@ics/contract/server';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { auth, describeWithApp } from '../../test/harness';
import { type AccessGuard, addRoute, routesOf } from './routes';

// Throwaway routes registered only in this suite: one that fails with an unexpected error,
// and one registered directly with Fastify (outside /ics) to prove the route record sees
// routes that did not come through addRoute.
const boom = defineRoute<null>({
  method: 'GET',
  path: '/test/boom',
  access: 'public',
  summary: 'Throws',
  tag: 'test',
});
const echoBody = z.object({ id: z.string().optional() });
const { echo } = bindRoutes(
  {
    echo: defineRoute<unknown, typeof echoBody>({
      method: 'GET',
      alsoMethods: ['PUT'],
      path: '/test/echo',
      access: 'authenticated',
      summary: 'GET without a body, PUT with one',
      tag: 'test',
    }),
  },
  { echo: { body: echoBody } },
);
const marked = defineRoute<string>({
  method: 'GET',
  path: '/test/marked',
  access: { mark: 'test:marked:view' },
  summary: 'Needs a mark',
  tag: 'test',
});
const nobody: AccessGuard = { resolveCaller: async () => null, hasMark: async () => false };

/**
 * Routes that cannot go through addRoute and check the token themselves. Each one must still
 * answer 401 without a token (the test below covers them). Add to this list only with care.
 */
const SELF_AUTHENTICATING = new Set(['/ics/websocket/:userId']);

/**
 * The only routes any signed-in user may call without a mark, and why. Every other data route
 * names a view mark of its module; adding to this list needs one of these reasons.
 */
const ANY_SIGNED_IN_USER: Record<string, string> = {
  // The session: who am I, my menu and marks, my departments, my password.
  '/ics/sys/getLoginUser/:username': 'session (own account only)',
  '/ics/sys/permission/getUserPermissionByToken': 'session',
  '/ics/sys/user/getCurrentUserDeparts': 'session',
  '/ics/sys/selectDepart': 'session',
  '/ics/sys/user/updatePassword': 'own profile',
  '/ics/sys/sysDepart/queryMyDeptTreeList': 'own profile (own departments)',
  // My messages: the bell and the announcements sent to me.
  '/ics/sys/annountCement/listByUser': 'own messages',
  '/ics/sys/annountCement/queryById': 'own messages (others need the list mark, checked in the handler)',
  '/ics/sys/sysAnnouncementSend/editByAnntIdAndUserId': 'own messages',
  '/ics/sys/sysAnnouncementSend/getMyAnnouncementSend': 'own messages',
  '/ics/sys/sysAnnouncementSend/readAll': 'own messages',
  '/ics/sys/annountCement/syncNotic': 'own bell (an announcement’s audience needs the publish mark, handler)',
  // Dictionaries and form checks: a table's entries need its list or edit marks (handler).
  '/ics/sys/dict/getDictItems/:code': 'dictionaries (a table dictionary needs its list mark)',
  '/ics/sys/dict/queryAllDictItems': 'dictionaries (what sign-in hands out)',
  '/ics/sys/dict/loadDict/:code': 'dictionaries (a table dictionary needs its list mark)',
  '/ics/sys/dict/loadTreeData': 'dictionaries (a table needs its list mark, checked in the handler)',
  '/ics/sys/duplicate/check': 'form checks (each table needs its add or edit mark)',
  '/ics/sys/dictItem/dictItemCheck': 'form checks (needs system:dict:add or edit, checked in the handler)',
  '/ics/sys/checkRule/checkByCode': 'form checks',
  '/ics/sys/user/avatar': 'form upload (needs system:user:add or edit, checked in the handler)',
  '/ics/sys/common/upload':
    'form upload (needs a user or announcement add or edit mark, checked in the handler)',
  '/ics/lighting/import/progress': 'own import (needs a pole, gateway or device import mark, handler)',
};

describeWithApp(
  'http foundation',
  (ctx) => {
    const routes = () => routesOf(ctx().app);
    const apiRoutes = () =>
      routes().filter((r) => r.url.startsWith('/ics/') && !r.url.startsWith('/ics/doc'));

    it('registers every API route through addRoute, with an access rule', () => {
      expect(apiRoutes().length).toBeGreaterThan(10);
      const withoutRule = apiRoutes().filter(
        (r) => r.access === undefined && !SELF_AUTHENTICATING.has(r.url),
      );
      expect(withoutRule).toEqual([]);
      // The record does see routes that bypass addRoute.
      expect(routes()).toContainEqual(expect.objectContaining({ url: '/test-raw', access: undefined }));
      expect(apiRoutes()).toContainEqual(
        expect.objectContaining({ url: '/ics/sys/login', methods: ['POST'], access: 'public' }),
      );
    });

    it('lets any signed-in user reach only the session, their own profile and messages, and dictionaries', () => {
      const open = apiRoutes()
        .filter((r) => r.access === 'authenticated' && !r.url.startsWith('/ics/test/'))
        .map((r) => r.url);
      expect([...new Set(open)].sort()).toEqual(Object.keys(ANY_SIGNED_IN_USER).sort());
    });

    it('answers 401 on every non-public route without a token, before validating input', async () => {
      const protectedRoutes = apiRoutes().filter((r) => r.access !== 'public');
      expect(protectedRoutes.length).toBeGreaterThan(5);
      const failures: string[] = [];
      for (const route of protectedRoutes) {
        const url = route.url.replace(/:(\w+)/g, 'x').replace(/\*$/, 'x');
        for (const method of route.methods.filter((m) => m !== 'HEAD')) {
          const res = await ctx().request({ method: method as 'GET', url });
          if (res.status !== 401 || res.body.errorCode !== 'auth.token_missing' || res.body.success !== false)
            failures.push(`${method} ${url}: ${res.status} ${res.body.errorCode}`);
          const bad = await ctx().request({ method: method as 'GET', url, headers: auth('not-a-token') });
          if (bad.status !== 401 || bad.body.errorCode !== 'auth.token_invalid')
            failures.push(`${method} ${url} (bad token): ${bad.status} ${bad.body.errorCode}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('accepts GET without a body schema next to PUT with one on the same path', () => {
      expect(routes().filter((r) => r.url === '/ics/test/echo')).toEqual([
        expect.objectContaining({ methods: ['GET'], access: 'authenticated' }),
        expect.objectContaining({ methods: ['HEAD'] }),
        expect.objectContaining({ methods: ['PUT'], access: 'authenticated' }),
      ]);
    });

    it('lets a route with a mark through only for roles granted it', async () => {
      await ctx().db.query(
        `insert into sys_permission (id, parent_id, name, menu_type, perms) values
           ('perm-test-marked', 'menu-home', 'Marked', 2, 'test:marked:view')`,
      );
      await ctx().db.query(
        `insert into sys_role_permission (role_id, permission_id) values ('role-viewer', 'perm-test-marked')`,
      );
      await ctx().createUser({ username: 'markviewer', roles: ['role-viewer'] });
      await ctx().createUser({ username: 'marknone' });
      ctx().clearCaches();
      const as = async (username: string) =>
        ctx().request({ method: 'GET', url: '/ics/test/marked', headers: auth(await ctx().login(username)) });
      const viewer = await as('markviewer');
      expect(viewer.status).toBe(200);
      expect(viewer.body).toMatchObject({ success: true, result: 'markviewer' });
      expect((await as('admin')).status).toBe(200);
      const none = await as('marknone');
      expect(none.status).toBe(403);
      expect(none.body).toMatchObject({
        success: false,
        code: 403,
        message: '没有权限，请联系管理员授权',
        errorCode: 'auth.forbidden',
        result: { mark: 'test:marked:view' },
      });
    });

    it('serves an OpenAPI 3 document and the browsable reference', async () => {
      const json = await ctx().app.inject({ method: 'GET', url: '/ics/doc/json' });
      expect(json.statusCode).toBe(200);
      const doc = json.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.servers).toEqual([{ url: '/ics' }]);
      expect(doc.paths['/sys/login'].post.summary).toBe('Sign in with username and password');
      expect(doc.paths['/sys/user/getCurrentUserDeparts'].get.security).toEqual([{ token: [] }]);
      expect(doc.components.securitySchemes.token).toMatchObject({ in: 'header', name: 'X-Access-Token' });
      const html = await ctx().app.inject({ method: 'GET', url: '/ics/doc' });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
    });

    it('answers an unknown path with the 404 envelope', async () => {
      const res = await ctx().request({ method: 'GET', url: '/ics/no/such/thing' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        success: false,
        code: 404,
        message: '很抱歉，资源未找到!',
        errorCode: 'error.not_found',
        result: null,
      });
      const en = await ctx().request({ method: 'POST', url: '/ics/no/such/thing?lang=en-US' });
      expect(en.body.message).toBe('Sorry, the resource was not found!');
    });

    it('answers malformed JSON and oversized bodies with a 4xx envelope', async () => {
      const res = await ctx().request({
        method: 'POST',
        url: '/ics/sys/login',
        payload: '{"username": "admin",',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 400, errorCode: 'error.validation' });
      expect(res.body.message).toMatch(/^参数校验失败：body/);
      const big = await ctx().request({
        method: 'POST',
        url: '/ics/sys/login',
        payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024), password: 'y' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ success: false, errorCode: 'error.payload_too_large' });
    });

    it('answers an unexpected error with a 500 envelope that hides the error', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/ics/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        success: false,
        code: 500,
        message: '操作失败，服务器内部错误',
        errorCode: 'error.internal',
        result: null,
      });
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('stack');
    });
  },
  {
    setup: async (app, services) => {
      await app.register(
        async (api) => {
          addRoute(api, services.session.guard, marked, (c) => c.caller!.username);
          addRoute(api, nobody, boom, () => {
            throw new Error('secret connection string postgres://u:p@db');
          });
          addRoute(api, nobody, echo, (c) => c.body ?? null);
        },
        { prefix: '/ics' },
      );
      app.get('/test-raw', async () => 'raw');
    },
  },
);
