import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { storageKeys } from '@/lib/storage-keys.ts';

export const CRASH_RELOAD_DELAY_MS = 150;

/** Reload once after 150 ms; a repeated crash in the same session shows this screen instead. */
export function handleCrash(reload: () => void = () => window.location.reload()): 'reloading' | 'failed' {
  if (sessionStorage.getItem(storageKeys.crashReloaded)) return 'failed';
  sessionStorage.setItem(storageKeys.crashReloaded, String(Date.now()));
  window.setTimeout(reload, CRASH_RELOAD_DELAY_MS);
  return 'reloading';
}

export function CrashScreen({ reloading }: { reloading: boolean }) {
  if (reloading) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center p-6 text-slate-600">
        Something went wrong. Reloading…
      </div>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div role="alert" className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">
          The page hit an unexpected error and could not recover. Please try again, or go back to the home page.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Try again
          </button>
          <a href="/" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
            Go to home page
          </a>
        </div>
      </div>
    </main>
  );
}

type State = { status: 'ok' | 'caught' | 'reloading' | 'failed' };

export class AppErrorBoundary extends Component<{ children: ReactNode; reload?: () => void }, State> {
  override state: State = { status: 'ok' };

  static getDerivedStateFromError(): State {
    return { status: 'caught' };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render crash', error, info.componentStack);
    this.setState({ status: handleCrash(this.props.reload) });
  }

  override render() {
    if (this.state.status !== 'ok') return <CrashScreen reloading={this.state.status !== 'failed'} />;
    return this.props.children;
  }
}
