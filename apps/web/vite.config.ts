import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API server (apps/server) runs on :3000; proxying keeps the app same-origin,
// exactly as in production where the server serves this build itself.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // The manifest lets the size benchmark compute each route's first-load JavaScript.
  build: { outDir: 'dist', manifest: true },
  server: {
    proxy: {
      '/v1': apiServer,
      '/docs': apiServer,
      '/healthz': apiServer,
    },
  },
});
