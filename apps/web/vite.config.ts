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

/**
 * Points the app's `import … from 'sonner'` at src/lib/toasts.tsx, which loads sonner when the first toast is shown;
 * that module itself gets the real package.
 */
export function toastsOnDemandPlugin(): Plugin {
  const onDemand = fileURLToPath(new URL('./src/lib/toasts.tsx', import.meta.url));
  return {
    name: 'lumen-toasts-on-demand',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'sonner' && importer !== onDemand ? onDemand : null;
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

const config: UserConfig = {
  plugins: [react(), tailwindcss(), metaVersionPlugin(), toastsOnDemandPlugin()],
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
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
        codeSplitting: {
          groups: [
            // React and the router change least: one long-lived chunk, so a release mostly invalidates the app's own code.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // What every page runs (the shell, the API client, the query cache) in one request instead of a dozen.
            { name: 'app', tags: ['$initial'] },
          ],
          // Everything else is split where it is first needed, so public pages load only what they show (budget: 120 KB);
          // common pieces under 8 KB of source are copied into the chunks that use them rather than fetched on their own,
          // since each request costs its headers (about 1.3 KB) and a round trip on a phone. Modules that hold state are
          // all in 'app' above, so no state is copied.
          experimentalInlineCommonChunks: { maxSize: 8000 },
        },
      },
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is a production build even when a test runner started it (NODE_ENV=test);
  // otherwise React's development bundle would ship.
  if (command === 'build') process.env.NODE_ENV = 'production';
  // The page renderer (src/entry-server.tsx → dist-server/) is loaded by the API server, never sent to browsers. It bundles
  // React and the rest, so a server installed without the web app's dependencies (the production image) can run it.
  if (isSsrBuild) {
    return {
      ...config,
      publicDir: false,
      plugins: [react(), tailwindcss()],
      ssr: { noExternal: true },
      build: { outDir: 'dist-server', emptyOutDir: true },
    };
  }
  return config;
});
