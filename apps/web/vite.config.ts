import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;

/**
 * The contract declares its request schemas with zod at module load; the console only needs
 * the route descriptors (method, path) at run time. For modules of the contract, `zod`
 * resolves to an inert stand-in (src/shared/lib/contract/inert-zod.ts) in the browser
 * bundle, keeping zod out of the login page. The console's own code still gets real zod.
 */
function contractInertZod(): Plugin {
  const stub = fileURLToPath(new URL('./src/shared/lib/contract/inert-zod.ts', import.meta.url));
  return {
    name: 'contract-inert-zod',
    enforce: 'pre',
    resolveId(source, importer) {
      if ((source === 'zod' || source.startsWith('zod/')) && importer && CONTRACT_SOURCE.test(importer))
        return stub;
      return null;
    },
  };
}

// The console is served by the API server at `/` (or from any static host); relative asset
// URLs keep it working under a sub-path because the router lives in the URL hash.
export default defineConfig({
  base: './',
  plugins: [react(), contractInertZod()],
  server: {
    port: 5173,
    proxy: {
      '/ics': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
  build: {
    target: 'es2022',
    // The manifest lets scripts/measure-login-bundle.mjs walk the chunks a login visit loads.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // Packages that are pure declarations or components but do not say so in their
        // package.json: the contract (types, route descriptors, schemas; otherwise every module
        // it re-exports lands in the login bundle) and antd's rc-component building blocks
        // (otherwise an antd Input brings the whole form engine and its validator).
        moduleSideEffects: [
          { test: CONTRACT_SOURCE, sideEffects: false },
          {
            test: /[\\/]node_modules[\\/]@rc-component[\\/][^\\/]+[\\/](es|lib)[\\/].*\.js$/,
            sideEffects: false,
          },
        ],
      },
    },
  },
});
