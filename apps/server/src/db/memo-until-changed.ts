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
