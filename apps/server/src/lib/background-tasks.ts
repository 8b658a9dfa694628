/** Work that finishes after the response (mail delivery, reset codes); the app drains it on close. */
export type BackgroundTasks = {
  run(task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has settled (tests, shutdown). */
  drain(): Promise<void>;
};

export function createBackgroundTasks(onError: (error: unknown) => void): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(task) {
      const running: Promise<unknown> = Promise.resolve()
        .then(task)
        .catch(onError)
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
