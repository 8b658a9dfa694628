import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SeenRequest = { method: string; url: string; headers: IncomingMessage['headers']; body: string; at: number };
export type Answer = (request: SeenRequest, response: ServerResponse) => void;

/** A JSON answer with optional headers. */
export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };

/** The server's failure envelope. */
export const failure = (
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => json(status, { success: false, message, error: { code, ...extra } }, headers);

/** Drops the connection without an answer (a network error for the client). */
export const hangUp: Answer = (_request, response) => {
  response.socket?.destroy();
};

/**
 * An HTTP server on a free port of 127.0.0.1 that answers its requests with `answers` in order (the last
 * one again once they run out) and records every request it saw.
 */
export async function startLocalServer(answers: Answer[]) {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      seen.push(entry);
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
