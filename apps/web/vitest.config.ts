import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Typing with user-event and loading lazy chunks in jsdom take seconds on a loaded two-core machine:
    // the budgets catch hangs, not slowness (speed targets live in bench/).
    testTimeout: 20_000,
    // Vitest's default leaves one core idle; on a two-core CI machine that halves the speed.
    maxWorkers: availableParallelism(),
  },
});
