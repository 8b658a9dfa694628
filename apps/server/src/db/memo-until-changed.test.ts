import { describe, expect, it, vi } from 'vitest';
import type { ChangeFeed, ChangeListener, ChangeNotice } from './change-feed.ts';
import { memoUntilChanged } from './memo-until-changed.ts';

function fakeFeed(live = true) {
  const listeners = new Set<ChangeListener>();
  const feed: ChangeFeed & { live: boolean; reset(): void } = {
    live,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isLive: () => feed.live,
    announce: (notice: ChangeNotice) => listeners.forEach((listener) => listener.onNotice(notice)),
    publish: (notice: ChangeNotice) => listeners.forEach((listener) => listener.onNotice(notice)),
    catchUp: async () => undefined,
    close: async () => undefined,
    reset: () => listeners.forEach((listener) => listener.onReset()),
  };
  return feed;
}

describe('memoUntilChanged', () => {
  it('loads once, shares a load in flight, and loads again after a notice about one of its tables', async () => {
    const feed = fakeFeed();
    let version = 1;
    const load = vi.fn(async () => version);
    const read = memoUntilChanged(feed, ['credit_packages'], load);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(load).toHaveBeenCalledTimes(1);

    feed.announce({ topic: 'public', key: 'subscription_plans' });
    feed.announce({ topic: 'sessions', key: 'credit_packages' });
    expect(await read()).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);

    version = 2;
    feed.announce({ topic: 'public', key: 'credit_packages' });
    expect(await read()).toBe(2);
    version = 3;
    feed.announce({ topic: 'public', key: '*' });
    expect(await read()).toBe(3);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a load that a notice overtook, nor a failed load, and loads every time while the feed is down', async () => {
    const feed = fakeFeed();
    let finish!: (value: number) => void;
    const load = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const read = memoUntilChanged(feed, ['service_costs'], load);
    const pending = read();
    feed.announce({ topic: 'public', key: 'service_costs' });
    finish(1);
    expect(await pending).toBe(1);
    void read();
    expect(load).toHaveBeenCalledTimes(2);
    finish(2);

    const failing = memoUntilChanged(feed, ['service_costs'], vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(5));
    await expect(failing()).rejects.toThrow('down');
    expect(await failing()).toBe(5);

    feed.live = false;
    const direct = vi.fn(async () => 7);
    const unkept = memoUntilChanged(feed, ['service_costs'], direct);
    await unkept();
    await unkept();
    expect(direct).toHaveBeenCalledTimes(2);
  });
});
