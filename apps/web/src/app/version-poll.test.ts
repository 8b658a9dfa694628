import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startVersionPoll, VERSION_POLL_INTERVAL_MS } from './version-poll.ts';

function serveVersions(versions: Array<string | Error>) {
  const fetchMock = vi.fn(async () => {
    const next = versions.length > 1 ? versions.shift()! : versions[0]!;
    if (next instanceof Error) throw next;
    return new Response(JSON.stringify({ version: next }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('version poll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('checks /meta.json with a cache-busting timestamp every 60 s and keeps the page while the version is unchanged', async () => {
    const fetchMock = serveVersions(['v1']);
    const reload = vi.fn();
    const stop = startVersionPoll({ reload });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/^\/meta\.json\?t=\d+$/);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(VERSION_POLL_INTERVAL_MS).toBe(60_000);
    expect(reload).not.toHaveBeenCalled();
    stop();
  });

  it('reloads when the version differs from the first one seen', async () => {
    serveVersions(['v1', 'v1', 'v2']);
    const reload = vi.fn();
    const stop = startVersionPoll({ reload });
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('only logs a failed check and keeps polling', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveVersions([new Error('offline'), 'v1', 'v1']);
    const reload = vi.fn();
    const stop = startVersionPoll({ reload });
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS * 2);
    expect(reload).not.toHaveBeenCalled();
    stop();
  });
});
