import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the built product (`npm run test:e2e` builds it first).
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    // Starting the product includes migrations and, when sources changed, a console build.
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
