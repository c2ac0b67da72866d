import { defineConfig } from 'vitest/config';

const roots = [
  'apps/*/src/**/*.test.{ts,tsx}',
  'apps/*/test/**/*.test.ts',
  'packages/*/src/**/*.test.ts',
  'tools/**/*.test.ts',
];

/**
 * Two tiers (browser journeys are in e2e/vitest.config.ts):
 * - `unit` (`npm run check`, before every commit): `x.test.ts`, logic without a database, a
 *   broker, a server process or the network — seconds.
 * - `integration` (`npm test` and CI): `x.int.test.ts`, module tests through the built app on
 *   PGlite (and the PostgreSQL server with TEST_DATABASE_URL), the device bus on a real broker
 *   (Mosquitto with TEST_MQTT_URL), two nodes (Redis with TEST_REDIS_URL), server processes.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: roots, exclude: ['**/*.int.test.{ts,tsx}', '**/node_modules/**'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: roots.map((r) => r.replace('.test.', '.int.test.')),
          // Server processes run the compiled server, as `npm start` does: compiled once here.
          globalSetup: ['apps/server/test/compile-server.ts'],
        },
      },
    ],
  },
});
