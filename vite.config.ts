import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs beside Vite in development (npm run dev); in production one Node process serves both.
const apiPort = Number(process.env.DEV_API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: { proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } } },
});
