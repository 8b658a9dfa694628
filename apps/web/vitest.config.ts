import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Test files that replace a module with vi.mock. Vitest's module mocks hold only where each file gets fresh modules,
 * so these run isolated; the rest share one jsdom and one module graph per worker (`isolate: false`), which skips
 * loading React, the router and the app's modules again for every file (about two thirds of the suite's CPU time,
 * bench/RESULTS.md). src/test/setup.ts cleans the DOM and storage after every test.
 */
const mockingFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(src, file), 'utf8')))
  .map((file) => relative(fileURLToPath(new URL('.', import.meta.url)), join(src, file)));

export default defineConfig({
  plugins: [react()],
  resolve: {
    // sonner: one double of its toasts for every test file (src/test/sonner.ts).
    alias: { '@': src, sonner: join(src, 'test/sonner.ts') },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Typing with user-event and loading lazy chunks in jsdom take seconds on a loaded two-core machine:
    // the budgets catch hangs, not slowness (speed targets live in bench/).
    testTimeout: 20_000,
    // Vitest's default leaves one core idle; on a two-core CI machine that halves the speed.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mockingFiles, isolate: false } },
      { extends: true, test: { name: 'mocking', include: mockingFiles } },
    ],
  },
});
