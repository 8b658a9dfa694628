import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../../db/change-feed.ts';
import type { BackgroundTasks } from '../../../lib/background-tasks.ts';
import { createPeriodicTask } from '../../../lib/periodic-task.ts';
import type { TopUpRunner } from './top-up-runner.ts';

/** The notices the balance trigger sends when a debit commits (migration 0023). */
export const LOW_BALANCE_TOPIC = 'low_balance';
export const AUTO_TOP_UP_TOPIC = 'auto_top_ups';
/** Alerts and top-ups whose notice was missed (a dropped listening connection, a restart) are found this often. */
export const BALANCE_WATCH_SWEEP_MS = 60_000;

/**
 * Acts on what the balance trigger wrote, right after the debit commits: the notice names the user, and the work runs
 * in the background (never inside the debit's transaction or request). Every process listens; the rows are taken
 * with SKIP LOCKED, so each alert is mailed and each top-up run by one process. A periodic sweep catches the rest.
 */
export function createBalanceWatch(deps: {
  feed: ChangeFeed;
  runner: TopUpRunner;
  tasks: BackgroundTasks;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  sweepMs?: number;
}) {
  const { runner, tasks } = deps;
  const sweep = async () => {
    await runner.mailLowBalance(null);
    await runner.runPending(null);
  };
  const periodic = createPeriodicTask({
    name: 'balance watch sweep',
    run: sweep,
    log: deps.log,
    intervalMs: deps.sweepMs ?? BALANCE_WATCH_SWEEP_MS,
  });
  let unsubscribe: (() => void) | null = null;

  return {
    start() {
      unsubscribe ??= deps.feed.subscribe({
        onNotice(notice) {
          if (notice.topic === LOW_BALANCE_TOPIC) tasks.run(() => runner.mailLowBalance(notice.key));
          else if (notice.topic === AUTO_TOP_UP_TOPIC) tasks.run(() => runner.runPending(notice.key));
        },
        onReset() {
          tasks.run(sweep);
        },
      });
      periodic.start();
      tasks.run(sweep);
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await periodic.stop();
    },
    sweep,
  };
}
