import { elevenLabsRequestProblems } from './contracts/provider-contracts.ts';
import type { FakeReply, FakeServer, RecordedRequest } from './fake-provider-server.ts';

/** `seconds` of a quiet 440 Hz tone as little-endian 16-bit mono PCM. */
function tone(seconds: number, sampleRate: number): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) pcm.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  return pcm;
}

/**
 * Speaks ElevenLabs' sound-effects API (the official elevenlabs-js client, contracts/README.md) on a fake server: POST
 * /v1/sound-generation?output_format=… with `xi-api-key` and {text, duration_seconds, prompt_influence, model_id}
 * answers the audio itself (raw PCM for pcm_* formats, bytes labelled audio/mpeg otherwise). A request that breaks the
 * client's request type is refused with 422 {detail: [{loc, msg, type}]} and kept in `violations`; a wrong key is 401
 * {detail: {status: 'invalid_api_key', message}}. `delayMs` holds every answer.
 */
export function serveElevenLabs(server: FakeServer, options: { key: string; delayMs?: number }) {
  const violations: string[] = [];
  const handler = (request: RecordedRequest): FakeReply | undefined => {
    if (request.method !== 'POST' || !request.path.startsWith('/v1/sound-generation')) return undefined;
    if (request.headers['xi-api-key'] !== options.key) {
      return { status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } };
    }
    const problems = elevenLabsRequestProblems(request);
    if (problems.length > 0) {
      violations.push(...problems);
      return { status: 422, body: { detail: problems.map((msg) => ({ loc: ['body'], msg, type: 'value_error' })) } };
    }
    const format = new URL(request.path, 'http://fake').searchParams.get('output_format') ?? 'mp3_44100_128';
    const { duration_seconds: seconds } = request.body as { duration_seconds?: number };
    const pcm = /^pcm_(\d+)$/.exec(format);
    return {
      status: 200,
      ...(options.delayMs ? { delayMs: options.delayMs } : {}),
      headers: { 'content-type': pcm ? 'audio/pcm' : 'audio/mpeg' },
      raw: tone(seconds ?? 2, pcm ? Number(pcm[1]) : 44_100),
    };
  };
  server.handle(handler);
  return { handler, violations };
}

/** ElevenLabs' answer when too many requests run at once: 429 with the reason in detail.status. */
export const elevenLabsBusy = (retryAfterSeconds: number): FakeReply => ({
  status: 429,
  headers: { 'retry-after': String(retryAfterSeconds) },
  body: { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests for your subscription.' } },
});

/** ElevenLabs' answer when the account's credits are spent: 401 (not 402) with detail.status 'quota_exceeded'. */
export const elevenLabsQuotaExceeded: FakeReply = {
  status: 401,
  body: {
    detail: {
      status: 'quota_exceeded',
      message: 'This request exceeds your quota of 10000. You have 0 credits remaining, while 91 credits are required for this request.',
    },
  },
};
