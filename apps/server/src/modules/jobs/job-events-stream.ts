import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Job } from '@lumen/core/jobs/schemas';
import { JOB_EVENTS_SHUTDOWN } from './job-events.ts';
import type { JobEvents } from './job-events.ts';

export const SSE_POLL_MS = 1_000;
export const SSE_PING_MS = 15_000;

const isFinal = (job: Job) => job.status === 'succeeded' || job.status === 'failed';
/** What counts as a change (previewUrl is signed afresh on every read). */
const fingerprint = (job: Job) =>
  JSON.stringify([job.status, job.progress, job.error, job.refunded, job.outputs.map((output) => output.id)]);

/**
 * Writes `event: job` with the job JSON now and on every change (woken by the in-process worker, and
 * by polling for workers in other processes), a comment every 15 s to keep proxies from closing it,
 * and ends after a final status or when the client goes away.
 */
export async function streamJobEvents(input: {
  request: FastifyRequest;
  reply: FastifyReply;
  first: Job;
  read: () => Promise<Job>;
  events: JobEvents;
}): Promise<void> {
  const { request, reply } = input;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    // Headers hooks already set (security headers, RateLimit-* of API keys) would be lost by hijack().
    ...Object.fromEntries(Object.entries(reply.getHeaders()).filter((entry) => entry[1] !== undefined)),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const send = (job: Job) => raw.write(`event: job\ndata: ${JSON.stringify(job)}\n\n`);
  let last = fingerprint(input.first);
  send(input.first);
  if (isFinal(input.first)) {
    raw.end();
    return;
  }
  await new Promise<void>((resolve) => {
    let closed = false;
    let reading = false;
    let pending = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      clearInterval(poll);
      clearInterval(ping);
      unsubscribe();
      unsubscribeShutdown();
      if (!raw.writableEnded) raw.end();
      resolve();
    };
    const check = async () => {
      if (closed) return;
      if (reading) {
        pending = true;
        return;
      }
      reading = true;
      try {
        const job = await input.read();
        const next = fingerprint(job);
        if (next !== last) {
          last = next;
          send(job);
        }
        if (isFinal(job)) finish();
      } catch {
        finish(); // the job was deleted, or the database is gone (shutdown)
      } finally {
        reading = false;
        if (pending && !closed) {
          pending = false;
          void check();
        }
      }
    };
    const poll = setInterval(() => void check(), SSE_POLL_MS);
    const ping = setInterval(() => raw.write(': ping\n\n'), SSE_PING_MS);
    const unsubscribe = input.events.on(input.first.id, () => void check());
    const unsubscribeShutdown = input.events.on(JOB_EVENTS_SHUTDOWN, finish);
    raw.on('close', finish);
  });
}
