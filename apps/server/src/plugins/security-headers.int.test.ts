import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness';

// A console build as Vite writes it: module scripts by address only, and a style block.
const webDir = mkdtempSync(path.join(tmpdir(), 'ics-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><style>body{margin:0}</style>' +
    '<script type="module" crossorigin src="./assets/index.js"></script></head><body><div id="root"></div></body></html>',
);

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([k, ...v]) => [k, v]),
  );

describeWithApp(
  'security headers',
  (ctx) => {
    it('serve the console with a policy that allows no inline script, and no inline script in it', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const scripts = res.body.match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).toBe(2);
      for (const tag of scripts) expect(tag).toMatch(/\ssrc="/);
    });

    it('tell the console where the API is in a script of its own', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/ics-config.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.body).toBe('window.__ICS_CONFIG__={"apiBase":"/ics"};\n');
    });

    it('send the headers with API answers too, and HSTS only when TLS ended at a trusted proxy', async () => {
      const plain = await ctx().app.inject({ method: 'GET', url: '/ics/sys/platform/public' });
      expect(plain.headers['x-content-type-options']).toBe('nosniff');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const tls = await ctx().app.inject({
        method: 'GET',
        url: '/ics/sys/platform/public',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it('send them with refusals and unknown paths as well', async () => {
      for (const url of ['/ics/sys/user/list', '/ics/no-such-route']) {
        const res = await ctx().app.inject({ method: 'GET', url });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['content-security-policy']).toContain("object-src 'none'");
        expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      }
    });
  },
  { ICS_WEB_DIR: webDir, ICS_TRUST_PROXY: '1' },
);

describeWithApp(
  'security headers without a trusted proxy',
  (ctx) => {
    it('do not believe a forwarded protocol', async () => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/ics/sys/platform/public',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  },
  { ICS_WEB_DIR: webDir },
);
