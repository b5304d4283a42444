import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API server (apps/server) runs on :3000; proxying keeps the app same-origin,
// exactly as in production where the server serves this build itself.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The manifest lets the size benchmark compute each route's first-load JavaScript.
    manifest: true,
    rolldownOptions: {
      // zod's builders have no side effects, so a schema nobody reads is dropped with zod itself:
      // pages import endpoints' `…Call`s, and only forms that validate keep zod (docs/decisions.md).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: {
      '/v1': apiServer,
      '/docs': apiServer,
      '/healthz': apiServer,
    },
  },
});
