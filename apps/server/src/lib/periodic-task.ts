import type { FastifyBaseLogger } from 'fastify';

export type PeriodicTask = { start(): void; stop(): Promise<void> };

/** Runs `run` every `intervalMs`. Passes never overlap; a failure is logged and the next pass runs as usual; stop waits for the pass under way. */
export function createPeriodicTask(options: {
  name: string;
  run: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  intervalMs: number;
}): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= options
      .run()
      .catch((error: unknown) => options.log.warn({ err: error }, `${options.name} failed`))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      timer ??= setInterval(tick, options.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
