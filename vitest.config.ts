import { defineConfig } from 'vitest/config';

// Unit and module tests (server modules run through app.inject on PGlite, and on the
// PostgreSQL server too when TEST_DATABASE_URL is set). Browser journeys: e2e/vitest.config.ts.
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
