import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development Vite serves the app with hot reload and forwards /api to the API (npm run dev).
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` } },
  build: { outDir: process.env.WEB_OUT_DIR ?? 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
});
