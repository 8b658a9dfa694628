import { describe, expect, it } from 'vitest';
import { linkedSignal } from './linked-signal.ts';

/** Node counts an EventTarget's listeners only through this internal symbol; read it the way its own tests do. */
function listenerCount(signal: AbortSignal): number {
  const kEvents = Object.getOwnPropertySymbols(signal).find((symbol) => symbol.description === 'kEvents');
  const events = kEvents ? (signal as unknown as Record<symbol, Map<string, { size: number }>>)[kEvents] : undefined;
  return events?.get('abort')?.size ?? 0;
}

describe('linkedSignal', () => {
  it('aborts with the reason of the first cause that aborts', () => {
    const shutdown = new AbortController();
    const call = new AbortController();
    const { signal } = linkedSignal([call.signal, shutdown.signal]);
    expect(signal.aborted).toBe(false);
    shutdown.abort(new Error('shutting down'));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('shutting down');
  });

  it('starts aborted when a cause already is', () => {
    const done = new AbortController();
    done.abort('gone');
    const { signal } = linkedSignal([new AbortController().signal, done.signal]);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('gone');
  });

  it('unlink() leaves no listener on a long-lived cause, so a thousand finished calls hold nothing', () => {
    const shutdown = new AbortController();
    for (let index = 0; index < 1000; index += 1) {
      const { unlink } = linkedSignal([new AbortController().signal, shutdown.signal]);
      unlink();
    }
    expect(listenerCount(shutdown.signal)).toBe(0);
    const { signal } = linkedSignal([shutdown.signal]);
    expect(listenerCount(shutdown.signal)).toBe(1);
    shutdown.abort();
    expect(signal.aborted).toBe(true);
  });
});
