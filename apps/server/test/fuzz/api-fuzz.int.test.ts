import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../src/http/routes';
import { auth, dbVariants, startTestApp, type TestApp } from '../harness';
import { type FuzzRequest, requestArbitrary } from './request-arbitrary';

/**
 * Every contract route, called with inputs generated from its own schemas — mostly plausible,
 * often hostile (wrong types, NUL and control characters, impossible dates, prototype keys,
 * huge strings, deep nesting) — as an administrator, so that the handlers behind the checks
 * are reached. No answer may be a 5xx, and the server must still answer afterwards.
 * The seed is fixed (ICS_FUZZ_SEED) and the count per route (ICS_FUZZ_RUNS) keeps the run well
 * under two minutes; `npm run fuzz -w @ics/bench` runs many more cases and prints what it found
 * (it reads the failures this test writes to ICS_FUZZ_REPORT).
 */
const SEED = Number(process.env.ICS_FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.ICS_FUZZ_RUNS ?? 16);
const REPORT = process.env.ICS_FUZZ_REPORT;
// Requests come from another address than the sign-in, so that the failed sign-ins the fuzzer
// makes lock out that address, not the administrator's.
const FUZZ_ADDRESS = '10.66.0.1';
// Ending the fuzzer's own session stops nothing but the fuzzer's coverage.
const SKIPPED = new Set(['/sys/logout']);

type Failure = { route: string; status: number; message: string; request: string };

/** The request as a reader can follow it: the url decoded, long values cut. */
function brief(request: FuzzRequest): string {
  let url = request.url;
  try {
    url = decodeURIComponent(url);
  } catch {
    // A lone surrogate's replacement decodes; anything else stays encoded.
  }
  const body = request.payload === undefined ? '' : ` ${JSON.stringify(request.payload).slice(0, 300)}`;
  return `${request.method} ${url.slice(0, 400)}${body}`;
}

for (const variant of dbVariants().slice(0, 1)) {
  describe(`API fuzz [${variant.name}]`, () => {
    let ctx: TestApp & { close(): Promise<void> };
    let token: string;
    beforeAll(async () => {
      ctx = await startTestApp(variant, {
        MQTT_PORT: '0',
        ICS_COMMAND_TIMEOUT_MS: '500',
        ICS_COMMAND_RETRIES: '0',
      });
      await ctx.services.devices.start();
      token = await ctx.login();
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('answers every route without a 5xx, and still answers afterwards', async () => {
      const failures: Failure[] = [];
      const routes = registeredRoutes.filter((r) => !SKIPPED.has(r.path));
      expect(routes.length).toBeGreaterThan(150);
      for (const [index, route] of routes.entries()) {
        const requests = fc.sample(requestArbitrary(route, '/ics'), { seed: SEED + index, numRuns: RUNS });
        for (const request of requests) {
          const res = await ctx.app.inject({
            method: request.method as 'GET',
            url: request.url,
            ...(request.payload === undefined ? {} : { payload: request.payload as object }),
            headers: auth(token),
            remoteAddress: FUZZ_ADDRESS,
          });
          if (res.statusCode >= 500)
            failures.push({
              route: `${route.method} ${route.path}`,
              status: res.statusCode,
              message: res.body.slice(0, 200),
              request: brief(request),
            });
          // A route that ended the session (a password reset of the administrator) is no failure.
          if (res.statusCode === 401) token = await ctx.login();
        }
      }
      if (REPORT) writeFileSync(REPORT, JSON.stringify(failures, null, 2));
      expect(failures).toEqual([]);
      const alive = await ctx.request({
        method: 'GET',
        url: '/ics/sys/permission/getUserPermissionByToken',
        headers: auth(token),
      });
      expect(alive.status).toBe(200);
    }, 600_000);
  });
}
