import type { Client } from 'openapi-fetch';
import { apiErrorFrom } from './errors.ts';
import type { paths } from './generated/openapi.ts';
import type { FetchLike } from './retry.ts';

/** What every helper works with, made once by createLumenClient. */
export type LumenContext = {
  /** The typed openapi-fetch client: API key sent, retries applied. */
  api: Client<paths>;
  /** The server's root, without a trailing slash (`https://lumen.example`). */
  baseUrl: string;
  /** The retrying fetch without credentials, for signed file links. */
  fetch: FetchLike;
  /** A job event stream silent for this long (the server pings every 15 s) is given up for polling. */
  streamIdleMs: number;
};

type ApiResult<Envelope> = { data: Envelope; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

/** The `data` of a success envelope, or the typed LumenApiError of a failure. */
export async function dataOf<Data>(call: Promise<ApiResult<{ success: true; data: Data }>>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw apiErrorFrom(response, error);
  return data.data;
}

/** A fresh Idempotency-Key. */
export const newIdempotencyKey = (): string => globalThis.crypto.randomUUID();
