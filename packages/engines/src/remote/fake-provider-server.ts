import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON when the body is JSON, else its text. */
  body: unknown;
  /** The bytes as sent (multipart uploads, signed webhook bodies). */
  raw: Buffer;
  /** True when the caller closed the connection before the answer was written (an aborted request). */
  abandoned?: boolean;
};

export type FakeReply = { status: number; headers?: Record<string, string>; body?: unknown; raw?: Buffer; delayMs?: number };

export type FakeServer = {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler: return a reply, or undefined for 404. */
  handle(handler: (request: RecordedRequest) => FakeReply | undefined | Promise<FakeReply | undefined>): void;
  close(): Promise<void>;
};

/** A local HTTP server for provider tests: records every request and answers with the current handler. */
export async function startFakeServer(): Promise<FakeServer> {
  let handler: (request: RecordedRequest) => FakeReply | undefined | Promise<FakeReply | undefined> = () => undefined;
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const text = raw.toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // keep the text
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body, raw };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableEnded) recorded.abandoned = true;
      });
      void Promise.resolve(handler(recorded)).then(async (reply) => {
        if (!reply) reply = { status: 404, body: { title: 'Not found', detail: 'No such route', status: 404 } };
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (res.destroyed) return;
        const data = reply.raw ?? Buffer.from(reply.body === undefined ? '' : JSON.stringify(reply.body));
        res.writeHead(reply.status, { 'Content-Type': reply.raw ? 'application/octet-stream' : 'application/json', ...reply.headers });
        res.end(data);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A webhook delivery a fake provider sends: where, its headers and its raw body. */
export type WebhookDelivery = { url: string; headers: Record<string, string>; body: string };

/**
 * How a fake provider sends a webhook: a POST to the URL, as the provider does. Tests whose URL is not reachable
 * (a public address the app is told it has) pass their own, e.g. one that injects the request into the app.
 */
export type WebhookPoster = (delivery: WebhookDelivery) => Promise<void>;

export const postWebhook: WebhookPoster = async ({ url, headers, body }) => {
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).catch(() => undefined);
};

/** The multipart/form-data fields of a recorded request, parsed as fetch does. */
export function formDataOf(request: RecordedRequest): Promise<FormData> {
  return new Response(new Uint8Array(request.raw), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
}
