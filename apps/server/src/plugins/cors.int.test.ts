import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness';
import { loadConfig } from '../config';

const CONSOLE = 'http://console.example.com:3000';

describeWithApp(
  'CORS for a console on another origin',
  (ctx) => {
    it('answers the preflight of a listed origin with the headers a JeecgBoot console sends', async () => {
      const res = await ctx().app.inject({
        method: 'OPTIONS',
        url: '/ics/sys/login',
        headers: {
          origin: CONSOLE,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-access-token,tenant-id',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(CONSOLE);
      expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual([
        'GET',
        'POST',
        'PUT',
        'DELETE',
      ]);
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      for (const header of [
        'x-access-token',
        'x-sign',
        'x-timestamp',
        'tenant-id',
        'content-type',
        'x-low-app-id',
      ])
        expect(allowed).toContain(header);
    });

    it('lets the listed origin read answers, and no other origin', async () => {
      const listed = await ctx().app.inject({
        method: 'GET',
        url: '/ics/sys/platform/public',
        headers: { origin: CONSOLE },
      });
      expect(listed.headers['access-control-allow-origin']).toBe(CONSOLE);
      const other = await ctx().app.inject({
        method: 'GET',
        url: '/ics/sys/platform/public',
        headers: { origin: 'http://evil.example.com' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  { ICS_CORS_ORIGINS: `${CONSOLE}, https://ops.example.com` },
);

describeWithApp('CORS by default', (ctx) => {
  it('is off: a preflight gets no allow headers', async () => {
    const res = await ctx().app.inject({
      method: 'OPTIONS',
      url: '/ics/sys/login',
      headers: { origin: CONSOLE, 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

it('refuses an allow-list entry that is not an origin', () => {
  expect(() => loadConfig({ ICS_CORS_ORIGINS: 'console.example.com' })).toThrow(/ICS_CORS_ORIGINS/);
  expect(() => loadConfig({ ICS_CORS_ORIGINS: 'https://a.example.com/path' })).toThrow(/ICS_CORS_ORIGINS/);
  expect(loadConfig({ ICS_CORS_ORIGINS: 'https://a.example.com,http://b:8080' }).corsOrigins).toEqual([
    'https://a.example.com',
    'http://b:8080',
  ]);
});
