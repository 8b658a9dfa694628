/** The run hit its service's deadline. */
export class JobTimeoutError extends Error {}
/** The worker is shutting down and handed the job back. */
export class WorkerStoppingError extends Error {}
/** The job was cancelled, or taken back by the sweeper, while this worker ran it. */
export class JobReleasedError extends Error {}

/** What can stop a run from outside: the worker stopping (`abort`) and the job no longer being held (`release`). */
export type RunControls = { abort: AbortController; release: AbortController };

/**
 * A run's one signal, aborted by the first of its three causes (the worker stopping, the job released, its deadline),
 * and `stopped()`, which rejects with the matching error once it is. `dispose()` unlinks them when the run ends.
 */
export function runSignal(controls: RunControls, timeoutMs: number) {
  // A timer we hold, not AbortSignal.timeout(): Node keeps that signal only weakly, and under memory
  // pressure it can be collected before it fires, letting a job run past its timeout.
  const timeout = new AbortController();
  const timeoutTimer = setTimeout(() => timeout.abort(), timeoutMs);
  // Not AbortSignal.any(): Node keeps a combined signal that has an 'abort' listener in a process-wide set until it
  // aborts (nodejs/node#48419, #55328), and a run that ends normally never aborts it. The listener below (and the
  // engines') then held the race's promise, so every finished job's result and its file buffers stayed in memory (issue 40).
  const run = new AbortController();
  const causes = [controls.abort.signal, timeout.signal, controls.release.signal];
  const onCause = (event: Event) => run.abort((event.target as AbortSignal).reason);
  for (const cause of causes) cause.addEventListener('abort', onCause, { once: true });
  let fail: (() => void) | undefined;
  return {
    signal: run.signal,
    /** Rejects once the run is stopped, with why. Made when the engine starts, so nothing is left rejecting unheard before. */
    stopped(): Promise<never> {
      return new Promise<never>((_, reject) => {
        fail = () =>
          reject(
            controls.release.signal.aborted
              ? new JobReleasedError('no longer held by this worker')
              : controls.abort.signal.aborted
                ? new WorkerStoppingError('worker stopping')
                : new JobTimeoutError(`timed out after ${timeoutMs} ms`),
          );
        if (run.signal.aborted) fail();
        run.signal.addEventListener('abort', fail, { once: true });
      });
    },
    dispose() {
      clearTimeout(timeoutTimer);
      for (const cause of causes) cause.removeEventListener('abort', onCause);
      if (fail) run.signal.removeEventListener('abort', fail);
    },
  };
}
