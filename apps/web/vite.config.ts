import { defineConfig } from 'vite';
import type { Plugin, UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

/** A version that differs on every build (and every dev-server start). */
function makeVersion(): string {
  return `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Writes dist/meta.json ({ version }) at build time and serves a matching /meta.json in dev.
 * The app polls it every 60 s and reloads when the version changes.
 */
export function metaVersionPlugin(): Plugin {
  let version = makeVersion();
  return {
    name: 'lumen-meta-version',
    buildStart() {
      version = makeVersion();
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/meta.json') return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify({ version }));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'meta.json', source: `${JSON.stringify({ version })}\n` });
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

const config: UserConfig = {
  plugins: [react(), tailwindcss(), metaVersionPlugin()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so a release only invalidates the app's own code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // zod-without-eval rides with zod, so it runs before any chunk can build a schema.
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|src[\\/]lib[\\/]zod-without-eval\.ts$/ },
            { name: 'ui', test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|sonner|lucide-react|react-remove-scroll.*)[\\/]/ },
          ],
        },
      },
    },
  },
};

export default defineConfig(({ command }) => {
  // A build is a production build even when a test runner started it (NODE_ENV=test);
  // otherwise React's development bundle would ship.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
