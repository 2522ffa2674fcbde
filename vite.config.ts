import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs beside Vite in development (npm run dev); in production one Node process serves both.
const apiPort = Number(process.env.DEV_API_PORT ?? 3001);

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? // The server (`vite build --ssr src/server/main.ts`, scripts/build.mjs): one ES module for Node, packages left external.
      { build: { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, sourcemap: true, target: 'node20' } }
    : {
        plugins: [react(), tailwindcss()],
        build: {
          outDir: 'dist/client',
          emptyOutDir: true,
          // .vite/manifest.json: the server preloads a page's own chunks in that page's document (http/static-assets.ts).
          manifest: true,
          sourcemap: false,
          target: 'es2022',
          rolldownOptions: {
            output: {
              // Form and validation libraries in chunks of their own, loaded only with the pages that have forms (without
              // this, the shared-chunk rules put react-hook-form beside React in the entry that every page loads).
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [
                  // What every page runs, in one file: fewer requests and one gzip window instead of four.
                  { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/ },
                  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
                  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                ],
              },
            },
          },
        },
        server: { proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } } },
      },
);
