import { openAiImageRequestProblems } from './contracts/provider-contracts.ts';
import type { FakeReply, FakeServer, RecordedRequest } from './fake-provider-server.ts';

const error = (status: number, message: string, type: string, code: string | null, headers?: Record<string, string>): FakeReply => ({
  status,
  ...(headers ? { headers } : {}),
  body: { error: { message, type, param: null, code } },
});

/**
 * Speaks OpenAI's image API (openapi.json of openai/openai-openapi, contracts/README.md) on a fake server: POST
 * /v1/images/generations (JSON) and /v1/images/edits (multipart) with a bearer key. A request that breaks the published
 * document is refused with 400 `invalid_request_error` and kept in `violations`; otherwise the answer is an
 * ImagesResponse with `n` base64 pictures and the `usage` tokens GPT image models report. Errors have OpenAI's shape
 * {error: {message, type, param, code}}. `delayMs` holds every answer (a slow generation).
 */
export function serveOpenAiImages(server: FakeServer, options: { key: string; image: Buffer; delayMs?: number }) {
  const violations: string[] = [];
  const handler = async (request: RecordedRequest): Promise<FakeReply | undefined> => {
    if (request.method !== 'POST' || !['/v1/images/generations', '/v1/images/edits'].includes(request.path)) return undefined;
    if (request.headers.authorization !== `Bearer ${options.key}`) {
      return error(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }
    const problems = await openAiImageRequestProblems(request);
    if (problems.length > 0) {
      violations.push(...problems);
      return error(400, problems.join('; '), 'invalid_request_error', null);
    }
    const fields = request.path.endsWith('generations')
      ? (request.body as { n?: number; size?: string; quality?: string })
      : { n: 1, size: undefined, quality: undefined };
    const n = fields.n ?? 1;
    return {
      status: 200,
      ...(options.delayMs ? { delayMs: options.delayMs } : {}),
      body: {
        created: Math.floor(Date.now() / 1000),
        data: Array.from({ length: n }, () => ({ b64_json: options.image.toString('base64') })),
        background: 'opaque',
        output_format: 'png',
        ...(fields.size && fields.size !== 'auto' ? { size: fields.size } : {}),
        ...(fields.quality && fields.quality !== 'auto' ? { quality: fields.quality } : {}),
        usage: {
          input_tokens: 50,
          input_tokens_details: { text_tokens: 50, image_tokens: 0 },
          output_tokens: 1056 * n,
          total_tokens: 50 + 1056 * n,
        },
      },
    };
  };
  server.handle(handler);
  return { handler, violations };
}

/** OpenAI's answer to too many requests: 429 rate_limit_exceeded with retry-after and x-ratelimit-* headers. */
export const openAiRateLimited = (retryAfterSeconds: number): FakeReply =>
  error(429, 'Rate limit reached for gpt-image-1 on images per minute. Please try again in 1s.', 'requests', 'rate_limit_exceeded', {
    'retry-after': String(retryAfterSeconds),
    'x-ratelimit-limit-requests': '5',
    'x-ratelimit-remaining-requests': '0',
    'x-ratelimit-reset-requests': `${retryAfterSeconds}s`,
  });
