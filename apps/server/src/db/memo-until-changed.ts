import type { ChangeFeed } from './change-feed.ts';

/**
 * The answer of `load`, kept in memory until the database announces a change of one of `tables` (a 'public'
 * notice, db/change-feed.ts) from any process; 'public:*' (an admin write answered by this process) counts as
 * every table. While the feed is down every call loads. Concurrent calls share one load, and a load a notice
 * overtook is not kept.
 */
export function memoUntilChanged<T>(feed: ChangeFeed, tables: readonly string[], load: () => Promise<T>): () => Promise<T> {
  let kept: { generation: number; value: Promise<T> } | null = null;
  let generation = 0;
  const forget = () => {
    generation += 1;
    kept = null;
  };
  feed.subscribe({
    onNotice: (notice) => {
      if (notice.topic === 'public' && (notice.key === '*' || tables.includes(notice.key))) forget();
    },
    onReset: forget,
  });
  return () => {
    if (!feed.isLive()) return load();
    if (kept && kept.generation === generation) return kept.value;
    const started = generation;
    const value = load();
    kept = { generation: started, value };
    value.catch(() => {
      if (kept?.value === value) kept = null;
    });
    return value;
  };
}

/** What a keyed load answers: the value, and until when (in the clock's milliseconds) it stays true without a change. */
export type Expiring<T> = { value: T; validUntilMs: number | null };

/**
 * memoUntilChanged per key (a normalised query), for answers that also change with time: each value is kept from
 * the moment it was read (`now`, passed to `load`) until its `validUntilMs` (e.g. the next scheduled post's publish
 * time) or a notice about one of `tables`, whichever comes first. At most `maxKeys` keys are kept; past that the
 * copies are dropped and kept again as they are read.
 */
export function keyedMemoUntilChanged<K, T>(
  feed: ChangeFeed,
  tables: readonly string[],
  options: { clock: () => Date; maxKeys: number; keyOf: (input: K) => string },
  load: (input: K, now: Date) => Promise<Expiring<T>>,
): (input: K) => Promise<T> {
  /** `answer` is set once `value` has resolved, so the many reads that follow check it without waiting on a promise. */
  type Kept = { generation: number; fromMs: number; value: Promise<Expiring<T>>; answer?: Expiring<T> };
  const kept = new Map<string, Kept>();
  let generation = 0;
  const forget = () => {
    generation += 1;
    kept.clear();
  };
  feed.subscribe({
    onNotice: (notice) => {
      if (notice.topic === 'public' && (notice.key === '*' || tables.includes(notice.key))) forget();
    },
    onReset: forget,
  });
  return async (input) => {
    const now = options.clock();
    if (!feed.isLive()) return (await load(input, now)).value;
    const key = options.keyOf(input);
    const nowMs = now.getTime();
    const entry = kept.get(key);
    if (entry && entry.generation === generation && entry.fromMs <= nowMs) {
      const answer = entry.answer ?? (await entry.value.catch(() => null));
      if (answer && (answer.validUntilMs === null || nowMs < answer.validUntilMs)) return answer.value;
    }
    const value = load(input, now);
    const started: Kept = { generation, fromMs: nowMs, value };
    if (!kept.has(key) && kept.size >= options.maxKeys) kept.clear();
    kept.set(key, started);
    value.then(
      (answer) => (started.answer = answer),
      () => {
        if (kept.get(key) === started) kept.delete(key);
      },
    );
    const answer = await value;
    // A notice that overtook the read (the generation moved on) has already dropped it: it is not kept.
    if (started.generation !== generation && kept.get(key) === started) kept.delete(key);
    return answer.value;
  };
}
