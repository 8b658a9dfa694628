import { vi } from 'vitest';

/**
 * What 'sonner' resolves to in the tests (vitest.config.ts): its `toast` as mock functions, which src/test/setup.ts
 * clears after every test, and a Toaster that draws nothing. Tests assert what the app announces through these; one
 * double for every file lets the files share a worker's modules instead of each replacing sonner with vi.mock.
 */
export const toast = Object.assign(vi.fn(), {
  error: vi.fn(),
  success: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
  dismiss: vi.fn(),
});

/** Forgets the calls of every test so far (src/test/setup.ts, after each test). */
export function clearToasts(): void {
  for (const announce of [toast, toast.error, toast.success, toast.info, toast.warning, toast.message, toast.dismiss]) announce.mockClear();
}

export function Toaster(): null {
  return null;
}
