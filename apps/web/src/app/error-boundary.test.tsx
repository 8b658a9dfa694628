import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { storageKeys } from '@/lib/storage-keys.ts';
import { AppErrorBoundary, CRASH_RELOAD_DELAY_MS } from './error-boundary.tsx';

function Crash(): never {
  throw new Error('render crash');
}

describe('error boundary', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.useRealTimers());

  it('reloads the page once, 150 ms after a render crash', () => {
    const reload = vi.fn();
    render(
      <AppErrorBoundary reload={reload}>
        <Crash />
      </AppErrorBoundary>,
    );
    expect(CRASH_RELOAD_DELAY_MS).toBe(150);
    expect(screen.getByRole('status')).toHaveTextContent('Reloading');
    vi.advanceTimersByTime(149);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(storageKeys.crashReloaded)).not.toBeNull();
  });

  it('does not reload again after a repeated crash in the same session, and shows the error screen', () => {
    sessionStorage.setItem(storageKeys.crashReloaded, '1');
    const reload = vi.fn();
    render(
      <AppErrorBoundary reload={reload}>
        <Crash />
      </AppErrorBoundary>,
    );
    vi.advanceTimersByTime(1000);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it('renders its children when nothing crashes', () => {
    render(
      <AppErrorBoundary>
        <p>fine</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});
