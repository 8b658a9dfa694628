import { afterEach, describe, expect, it } from 'vitest';
import {
  LumenApiError,
  LumenAuthenticationError,
  LumenConflictError,
  LumenError,
  LumenInsufficientCreditsError,
  LumenNotFoundError,
  LumenPermissionError,
  LumenRateLimitError,
  createLumenClient,
} from '../src/index.ts';
import { failure, startLocalServer } from './local-server.ts';
import type { Answer } from './local-server.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function errorFor(answer: Answer): Promise<unknown> {
  const server = await startLocalServer([answer]);
  close = server.close;
  const lumen = createLumenClient({ apiKey: 'sk_live_test_key', baseUrl: server.url, retries: 0 });
  return lumen.getBalance().then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('error typing', () => {
  it('401 → LumenAuthenticationError with status, code, message and request id from the envelope', async () => {
    const error = await errorFor(failure(401, 'UNAUTHORIZED', 'This API key is not valid', {}, { 'x-request-id': 'req-12345678' }));
    expect(error).toBeInstanceOf(LumenAuthenticationError);
    expect(error).toBeInstanceOf(LumenApiError);
    expect(error).toBeInstanceOf(LumenError);
    expect(error).toMatchObject({
      name: 'LumenAuthenticationError',
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'This API key is not valid',
      requestId: 'req-12345678',
      details: [],
    });
  });

  it.each([
    [402, 'INSUFFICIENT_CREDITS', LumenInsufficientCreditsError],
    [403, 'FORBIDDEN', LumenPermissionError],
    [404, 'NOT_FOUND', LumenNotFoundError],
    [409, 'CONFLICT', LumenConflictError],
    [429, 'RATE_LIMITED', LumenRateLimitError],
  ] as const)('%i → its own subclass of LumenApiError', async (status, code, ErrorClass) => {
    const error = await errorFor(failure(status, code, `refused with ${status}`, { meta: { balance: 0, cost: 2 } }));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject({ status, code, message: `refused with ${status}`, meta: { balance: 0, cost: 2 } });
  });

  it('400 carries the per-field details', async () => {
    const details = [{ field: 'params.prompt', message: 'Describe the image you want' }];
    const error = await errorFor(failure(400, 'VALIDATION_ERROR', 'params.prompt: Describe the image you want', { details }));
    expect(error).toBeInstanceOf(LumenApiError);
    expect(error).not.toBeInstanceOf(LumenNotFoundError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details });
  });

  it('an answer without the envelope (a proxy page) is an HTTP_ERROR with its status and text', async () => {
    const error = await errorFor((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    });
    expect(error).toBeInstanceOf(LumenApiError);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR' });
    expect((error as Error).message).toContain('502');
    expect((error as Error).message).toContain('Bad gateway');
  });
});
