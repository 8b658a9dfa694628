/** One event of a text/event-stream: its type ('message' when the server names none) and data. */
export type ServerSentEvent = { event: string; data: string; id: string | null };

const LINE_END = /\r\n|\r|\n/;

export type ReadEventsOptions = {
  /** Called for every chunk received, comments and pings included (a liveness signal). */
  onChunk?: () => void;
  /** Cancels the body and rejects with the signal's reason. */
  signal?: AbortSignal;
};

/**
 * The events of a text/event-stream body, as the HTML standard's event-stream interpretation reads
 * them: `event:`, `data:` (several lines joined by \n) and `id:` fields, a blank line dispatches,
 * `:` lines are comments. Stopping the iteration cancels the body.
 *
 * The signal is watched here rather than left to fetch: Node's fetch follows a Request's signal
 * through weak references, so an abort can stop reaching a body whose Request was collected.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  options: ReadEventsOptions = {},
): AsyncGenerator<ServerSentEvent> {
  const { onChunk, signal } = options;
  const reader = body.getReader();
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  function* lines(isEnd: boolean): Generator<string> {
    for (;;) {
      const match = LINE_END.exec(buffer);
      if (!match) break;
      // A \r at the end of what has arrived may be the first half of \r\n.
      if (match[0] === '\r' && match.index === buffer.length - 1 && !isEnd) break;
      yield buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
    }
  }

  function* interpret(line: string): Generator<ServerSentEvent> {
    if (line === '') {
      if (data.length > 0) yield { event: event || 'message', data: data.join('\n'), id };
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const { value, done } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) {
        buffer += decoder.decode();
        for (const line of lines(true)) yield* interpret(line);
        return; // an event without its closing blank line is dropped, as the standard says
      }
      onChunk?.();
      buffer += decoder.decode(value, { stream: true });
      for (const line of lines(false)) yield* interpret(line);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await reader.cancel().catch(() => undefined);
  }
}
