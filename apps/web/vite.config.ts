import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;

// The console is served by the API server at `/` (or from any static host); relative asset
// URLs keep it working under a sub-path because the router lives in the URL hash.
export default defineConfig({
  base: './',
  plugins: [react()],
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
        // package.json: the contract (route descriptors, marks, field specs; otherwise every
        // module it re-exports lands in the login bundle) and antd's rc-component building
        // blocks (otherwise an antd Input brings the whole form engine and its validator).
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
