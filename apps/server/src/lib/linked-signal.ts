/**
 * One signal aborted by the first of `causes`, and a function that unlinks it from them. Use it where
 * `AbortSignal.any()` would combine a short-lived signal with a long-lived one (a process's shutdown signal): Node
 * keeps such a combined signal, with every listener on it, until one of its sources aborts (nodejs/node#48419), so each
 * finished call would stay in memory until shutdown. Call `unlink()` when the work ends.
 */
export function linkedSignal(causes: readonly AbortSignal[]): { signal: AbortSignal; unlink: () => void } {
  const controller = new AbortController();
  const already = causes.find((cause) => cause.aborted);
  if (already) {
    controller.abort(already.reason);
    return { signal: controller.signal, unlink: () => {} };
  }
  const onAbort = (event: Event) => {
    unlink();
    controller.abort((event.target as AbortSignal).reason);
  };
  const unlink = () => {
    for (const cause of causes) cause.removeEventListener('abort', onAbort);
  };
  for (const cause of causes) cause.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, unlink };
}
