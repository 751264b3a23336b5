import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The back office is served by the API server under `/admin/` (docs/admin.md). */
export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3000', '/static': 'http://localhost:3000' },
  },
});
