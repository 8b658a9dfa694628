import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalNowPayments } from './local-nowpayments-server.ts';

/** GET /full-currencies entry, as NOWPayments writes it (it has more fields; these are the ones read). */
export type LocalFullCurrency = { code: string; name: string | null; network: string | null; logo_url?: string; enable?: boolean };

/** What the merchant account answers; null: that endpoint answers 404. */
export type LocalCatalogue = { selectedCurrencies: string[] | null; fullCurrencies: LocalFullCurrency[] | null };

export type LocalCatalogueServer = { apiUrl: string; close(): Promise<void> };

/**
 * Test support: in front of the local NOWPayments server, answers GET /merchant/coins and GET /full-currencies
 * from `catalogue` (recorded in the same `requests` list) and passes every other request on to it, where its
 * injected failures and delays apply.
 */
export async function startLocalCatalogue(upstream: LocalNowPayments, catalogue: LocalCatalogue): Promise<LocalCatalogueServer> {
  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };

  async function readBody(req: IncomingMessage): Promise<string | undefined> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
  }

  function answer(path: string): unknown {
    if (path === '/merchant/coins' && catalogue.selectedCurrencies) return { selectedCurrencies: catalogue.selectedCurrencies };
    if (path === '/full-currencies' && catalogue.fullCurrencies) return { currencies: catalogue.fullCurrencies };
    return null;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname.replace(/^\/v1/, '');
      const apiKey = typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : undefined;
      const own = req.method === 'GET' ? answer(path) : null;
      if (own) {
        upstream.requests.push({ method: 'GET', path: `${url.pathname}${url.search}`, apiKey, body: undefined });
        if (apiKey !== upstream.apiKey)
          return send(res, 403, JSON.stringify({ status: false, statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' }));
        return send(res, 200, JSON.stringify(own));
      }
      const passed = await fetch(`${upstream.apiUrl}${path}${url.search}`, {
        method: req.method,
        headers: { ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }), 'content-type': 'application/json' },
        body: await readBody(req),
      });
      const text = await passed.text();
      // The client may have given up already (a timeout test).
      if (!res.destroyed) send(res, passed.status, text);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
