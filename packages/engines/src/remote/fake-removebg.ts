import sharp from 'sharp';
import { removeBgRequestProblems } from './contracts/provider-contracts.ts';
import { formDataOf } from './fake-provider-server.ts';
import type { FakeReply, FakeServer, RecordedRequest } from './fake-provider-server.ts';

/**
 * Speaks remove.bg's API (its swagger.yaml, contracts/README.md) on a fake server: POST /v1.0/removebg (multipart,
 * X-Api-Key) answers a PNG cut-out the size of `image_file` with X-Credits-Charged, X-Width, X-Height and X-Type. A
 * request that breaks the document is refused with 400 {errors: [{title, code}]} (no credits charged) and kept in
 * `violations`; a wrong key is 403 as the document says. `delayMs` holds every answer; `creditsCharged` is what
 * X-Credits-Charged says (1, a full-resolution image, unless told; remove.bg charges fractions for smaller sizes).
 */
export function serveRemoveBg(server: FakeServer, options: { key: string; delayMs?: number; creditsCharged?: number }) {
  const violations: string[] = [];
  const handler = async (request: RecordedRequest): Promise<FakeReply | undefined> => {
    if (request.method !== 'POST' || !request.path.startsWith('/v1.0/removebg')) return undefined;
    if (request.headers['x-api-key'] !== options.key) return { status: 403, body: { errors: [{ title: 'Missing API Key' }] } };
    const problems = await removeBgRequestProblems(request);
    if (problems.length > 0) {
      violations.push(...problems);
      return { status: 400, body: { errors: problems.map((title) => ({ title, code: 'invalid_parameters' })) } };
    }
    const photo = (await formDataOf(request)).get('image_file') as Blob;
    const { width = 1, height = 1 } = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    const cutOut = await sharp({ create: { width, height, channels: 4, background: { r: 200, g: 120, b: 80, alpha: 0.5 } } })
      .png()
      .toBuffer();
    return {
      status: 200,
      ...(options.delayMs ? { delayMs: options.delayMs } : {}),
      headers: {
        'content-type': 'image/png',
        'x-credits-charged': String(options.creditsCharged ?? 1),
        'x-width': String(width),
        'x-height': String(height),
        'x-type': 'person',
      },
      raw: cutOut,
    };
  };
  server.handle(handler);
  return { handler, violations };
}

/** remove.bg's answers when the account is out of credits (402) or over its rate limit (429 with Retry-After). */
export const removeBgOutOfCredits: FakeReply = {
  status: 402,
  body: { errors: [{ title: 'Insufficient credits', code: 'insufficient_credits' }] },
};
export const removeBgRateLimited = (retryAfterSeconds: number): FakeReply => ({
  status: 429,
  headers: { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-limit': '500', 'x-ratelimit-remaining': '0' },
  body: { errors: [{ title: 'Rate limit exceeded' }] },
});
