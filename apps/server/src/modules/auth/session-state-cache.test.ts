import { describe, expect, it, vi } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../../db/change-feed.ts';
import { SESSION_STATE_TTL_MS, createSessionStateCache } from './session-state-cache.ts';
import type { SessionState } from './session-state-cache.ts';

function fakeFeed(live = true) {
  const listeners = new Set<ChangeListener>();
  const feed: ChangeFeed & { live: boolean; emit(topic: string, key: string): void; reset(): void } = {
    live,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isLive: () => feed.live,
    announce: (notice) => listeners.forEach((listener) => listener.onNotice(notice)),
    publish: (notice) => listeners.forEach((listener) => listener.onNotice(notice)),
    catchUp: async () => undefined,
    close: async () => undefined,
    emit: (topic, key) => listeners.forEach((listener) => listener.onNotice({ topic, key })),
    reset: () => listeners.forEach((listener) => listener.onReset()),
  };
  return feed;
}

const active: SessionState = { userId: 'u1', revokedAt: null, suspendedAt: null, role: 'USER' };
const revoked: SessionState = { ...active, revokedAt: new Date() };

describe('session state cache', () => {
  it('reads the database once while the feed is live, and again after a notice about the user', async () => {
    const feed = fakeFeed();
    const cache = createSessionStateCache(feed);
    const load = vi.fn(async () => active);
    await cache.get('s1', 'u1', load);
    await cache.get('s1', 'u1', load);
    expect(load).toHaveBeenCalledTimes(1);

    feed.emit('sessions', 'u2');
    await cache.get('s1', 'u1', load);
    expect(load).toHaveBeenCalledTimes(1);

    feed.emit('sessions', 'u1');
    load.mockResolvedValueOnce(revoked);
    expect(await cache.get('s1', 'u1', load)).toEqual(revoked);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a read that a notice overtook (it may predate the revocation)', async () => {
    const feed = fakeFeed();
    const cache = createSessionStateCache(feed);
    let finish!: (state: SessionState) => void;
    const slow = () => new Promise<SessionState>((resolve) => (finish = resolve));
    const pending = cache.get('s1', 'u1', slow);
    feed.emit('sessions', 'u1');
    finish(active);
    expect(await pending).toEqual(active);
    const load = vi.fn(async () => revoked);
    expect(await cache.get('s1', 'u1', load)).toEqual(revoked);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads the database on every request while the feed is down, and forgets everything on a reset', async () => {
    const feed = fakeFeed(false);
    const cache = createSessionStateCache(feed);
    const load = vi.fn(async () => active);
    await cache.get('s1', 'u1', load);
    await cache.get('s1', 'u1', load);
    expect(load).toHaveBeenCalledTimes(2);

    feed.live = true;
    await cache.get('s1', 'u1', load);
    await cache.get('s1', 'u1', load);
    expect(load).toHaveBeenCalledTimes(3);
    feed.reset();
    await cache.get('s1', 'u1', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('keeps an answer no longer than its time to live, and never for a token of another user', async () => {
    let now = 1_000;
    const feed = fakeFeed();
    const cache = createSessionStateCache(feed, () => now);
    const load = vi.fn(async () => active);
    await cache.get('s1', 'u1', load);
    await cache.get('s1', 'u2', load);
    expect(load).toHaveBeenCalledTimes(2);
    now += SESSION_STATE_TTL_MS + 1;
    await cache.get('s1', 'u2', load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
