import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from '../src/sse.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function eventsOf(chunks: string[]) {
  const events = [];
  for await (const event of readServerSentEvents(streamOf(chunks))) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('reads named events, skips comments and joins multi-line data', async () => {
    const events = await eventsOf([': ping\n\n', 'event: job\ndata: {"a":1}\n\n', 'data: line one\ndata: line two\nid: 7\n\n']);
    expect(events).toEqual([
      { event: 'job', data: '{"a":1}', id: null },
      { event: 'message', data: 'line one\nline two', id: '7' },
    ]);
  });

  it('reassembles events split anywhere, CRLF split across chunks included, and UTF-8 split mid-character', async () => {
    const whole = 'event: job\r\ndata: {"name":"café"}\r\n\r\nevent: job\rdata: 2\r\r';
    const bytes = new TextEncoder().encode(whole);
    const chunks: Uint8Array[] = [];
    for (let index = 0; index < bytes.length; index += 3) chunks.push(bytes.slice(index, index + 3));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const events = [];
    for await (const event of readServerSentEvents(stream)) events.push(event);
    expect(events).toEqual([
      { event: 'job', data: '{"name":"café"}', id: null },
      { event: 'job', data: '2', id: null },
    ]);
  });

  it('drops an event the stream cut off before its blank line, and calls onChunk for every chunk', async () => {
    let chunks = 0;
    const events = [];
    for await (const event of readServerSentEvents(streamOf(['event: job\ndata: 1\n\n', ': ping\n\n', 'event: job\ndata: 2\n']), {
      onChunk: () => (chunks += 1),
    })) {
      events.push(event);
    }
    expect(events.map((event) => event.data)).toEqual(['1']);
    expect(chunks).toBe(3);
  });

  it('an abort cancels the body and rejects with the reason, even while a read is pending', async () => {
    let cancelled: unknown = null;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: job\ndata: 1\n\n')); // then nothing more: the next read waits
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const controller = new AbortController();
    const events: string[] = [];
    const reading = (async () => {
      for await (const event of readServerSentEvents(body, { signal: controller.signal })) {
        events.push(event.data);
        setTimeout(() => controller.abort(new Error('stop')), 20);
      }
    })();
    await expect(reading).rejects.toThrow('stop');
    expect(events).toEqual(['1']);
    expect(cancelled).toEqual(new Error('stop'));
  });
});
