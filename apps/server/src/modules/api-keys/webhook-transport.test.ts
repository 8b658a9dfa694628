import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from './webhook-transport.ts';

// A name that never resolves (RFC 6761), so a request can only arrive through the pinned address.
const host = 'hooks.example.invalid';
const pin = { address: '127.0.0.1', family: 4 } as const;
const post = { headers: { 'content-type': 'application/json' }, body: '{"a":1}', timeoutMs: 2_000 };

type Received = { url: string; host: string | undefined; body: string };
const received: Received[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ url: request.url ?? '', host: request.headers.host, body: Buffer.concat(chunks).toString('utf8') });
    if (request.url === '/redirect') response.writeHead(302, { location: '/target' });
    else response.statusCode = 204;
    response.end();
  });
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('pinned webhook connection', () => {
  it('connects to the checked address, keeping the host name in the Host header', async () => {
    received.length = 0;
    expect(await postWebhook(`http://${host}:${port}/hook`, post, pin)).toEqual({ status: 204 });
    expect(received).toEqual([{ url: '/hook', host: `${host}:${port}`, body: '{"a":1}' }]);
  });

  it('reaches nothing under that name without the pin', async () => {
    received.length = 0;
    await expect(postWebhook(`http://${host}:${port}/hook`, post)).rejects.toThrow();
    expect(received).toEqual([]);
  });

  it('follows no redirect', async () => {
    received.length = 0;
    expect(await postWebhook(`http://${host}:${port}/redirect`, post, pin)).toEqual({ status: 302 });
    expect(received.map((entry) => entry.url)).toEqual(['/redirect']);
  });

  it('sends the host name, not the pinned address, as TLS SNI', async () => {
    const names: Array<string> = [];
    // No certificate at all: the handshake fails once the client has sent its SNI.
    const tlsServer = createTlsServer({
      SNICallback: (servername, callback) => {
        names.push(servername);
        callback(new Error('no certificate here'));
      },
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tlsServer.address() as AddressInfo).port;
    try {
      await expect(postWebhook(`https://${host}:${tlsPort}/hook`, post, pin)).rejects.toThrow();
      expect(names).toEqual([host]);
    } finally {
      await new Promise((resolve) => tlsServer.close(resolve));
    }
  });
});
