import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearToasts } from './sonner.ts';

// findBy*/waitFor give a slow (loaded) machine 5 s instead of 1 s before failing.
configure({ asyncUtilTimeout: 5_000 });

// Server-rendering tests run in Node, without a DOM.
const hasDom = typeof window !== 'undefined';

afterEach(() => {
  cleanup();
  clearToasts();
  if (!hasDom) return;
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom does not implement scrolling; the router's scroll restoration calls it.
if (hasDom) window.scrollTo = (() => undefined) as typeof window.scrollTo;
