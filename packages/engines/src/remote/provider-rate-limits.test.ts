import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { beforeAll, describe, it } from 'vitest';
import type { ExpectStatic } from 'vitest';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { imageGeneratorParamsSchema } from '@lumen/core/services/image-generator-params';
import type { Engine, EngineContext, EngineFile, EngineResult } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { analyseCall } from '../sales-pilot/analyse-call.ts';
import { loadNlp } from '../sales-pilot/nlp.ts';
import { sampleVtt } from '../sales-pilot/test-transcripts.ts';
import { parseTranscript } from '../sales-pilot/transcript-parser.ts';
import { createRemoteEngines } from './create-remote-engines.ts';
import { serveFal } from './fake-fal.ts';
import { serveFashn } from './fake-fashn.ts';
import { formDataOf, startFakeServer } from './fake-provider-server.ts';
import type { FakeReply, FakeServer, RecordedRequest } from './fake-provider-server.ts';
import { serveReplicate } from './fake-replicate.ts';
import { defaultHttpPolicy } from './http-client.ts';
import type { ProviderName } from './provider-catalogue.ts';
import { builtinEnginesConfig, defaultFalModels, defaultReplicateModels } from './remote-config.ts';
import type { EnginesConfig } from './remote-config.ts';

/**
 * Every hosted provider first answers 429 with Retry-After and its own documented rate-limit body,
 * then normally. Runs go through createRemoteEngines, so the HTTP policy is the production one
 * (retries, longest wait) apart from a shorter timeout and poll interval.
 */

type Handler = (request: RecordedRequest) => FakeReply | undefined;
type Endpoint = { name: string; match: (request: RecordedRequest) => boolean };
type Case = {
  /** How ProviderError names the provider. */
  provider: string;
  name: ProviderName;
  service: ServiceKey;
  /** The provider's settings in EnginesConfig, for a server at `url`. */
  settings: (url: string) => Partial<EnginesConfig>;
  /** The provider's documented protocol on the fake server. */
  serve: (server: FakeServer) => Handler;
  input: () => { params: unknown; files: Record<string, EngineFile> };
  /** The endpoints that answer 429 first, in the order a run calls them. */
  throttled: Endpoint[];
  /** The provider's documented 429 body, and what ProviderError.detail makes of it. */
  rateLimit: unknown;
  detail: string;
  /** The real output of a successful run. */
  check: (result: EngineResult, expect: ExpectStatic) => Promise<void>;
};

const KEY = 'test-key';
const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });
const post = (path: string) => (request: RecordedRequest) => request.method === 'POST' && request.path === path;
const get = (pattern: RegExp) => (request: RecordedRequest) => request.method === 'GET' && pattern.test(request.path);
const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const widthOf = async (data: Buffer) => (await sharp(data).metadata()).width;

let photo: EngineFile;
let picture: Buffer;
let square: Buffer;
let report: ReturnType<typeof analyseCall>;
let pcm: Buffer;

beforeAll(async () => {
  photo = { name: 'photo.png', contentType: 'image/png', data: await png(96, 64, '#aa3300') };
  picture = await png(80, 64, '#3366cc');
  square = await png(1024, 1024, '#3366cc');
  await loadNlp();
  report = analyseCall(parseTranscript(sampleVtt, 'call.vtt'));
  pcm = Buffer.alloc(24_000 * 2);
  for (let i = 0; i < 24_000; i += 1) pcm.writeInt16LE(Math.round(Math.sin(i / 8) * 16000), i * 2);
});

/** Answers `reply` with the auth header a provider expects, else the provider's own 401. */
const authorised =
  (header: string, value: string, unauthorised: unknown, reply: Handler): Handler =>
  (request) =>
    request.headers[header] === value ? reply(request) : { status: 401, body: unauthorised };

const openAiSettings = (url: string): Partial<EnginesConfig> => ({
  openai: { apiKey: KEY, baseUrl: url, model: 'gpt-test', imageModel: 'gpt-image-1', imageQuality: 'medium' },
});
const openAiUnauthorised = { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } };
const openAiRateLimit = {
  error: {
    message: 'Rate limit reached for gpt-image-1 in organization org-test on requests per min (RPM): Limit 5, Used 5, Requested 1.',
    type: 'requests',
    param: null,
    code: 'rate_limit_exceeded',
  },
};
const openAiImages: Case['serve'] = () =>
  authorised('authorization', `Bearer ${KEY}`, openAiUnauthorised, (request) =>
    request.method === 'POST' && /^\/v1\/images\/(generations|edits)$/.test(request.path)
      ? { status: 200, body: { created: 1764064800, data: [{ b64_json: square.toString('base64') }] } }
      : undefined,
  );

const cases: Case[] = [
  {
    provider: 'fal',
    name: 'fal',
    service: 'image-generator',
    settings: (url) => ({
      fal: {
        apiKey: KEY,
        queueUrl: url,
        jwksUrl: `${url}/.well-known/jwks.json`,
        models: { ...defaultFalModels, 'image-generator': 'test-ai/flux/schnell' },
      },
    }),
    serve: (server) =>
      serveFal(server, {
        key: KEY,
        endpoints: { 'test-ai/flux/schnell': { output: { images: [{ url: `${server.url}/files/one.png` }], seed: 1 } } },
        files: { 'one.png': picture },
      }).handler,
    input: () => ({ params: imageGeneratorParamsSchema.parse({ prompt: 'a red fox' }), files: {} }),
    throttled: [
      { name: 'queue submit', match: post('/test-ai/flux/schnell') },
      { name: 'status poll', match: get(/^\/test-ai\/flux\/requests\/[^/]+\/status$/) },
    ],
    rateLimit: { detail: 'Rate limit exceeded: too many concurrent requests for this user' },
    detail: 'Rate limit exceeded: too many concurrent requests for this user',
    check: async (result, expect) => expect(await widthOf(result.files[0]!.data)).toBe(80),
  },
  {
    provider: 'Replicate',
    name: 'replicate',
    service: 'image-generator',
    settings: (url) => ({
      replicate: { apiToken: KEY, baseUrl: url, models: { ...defaultReplicateModels, 'image-generator': 'test/text-to-image' } },
    }),
    serve: (server) =>
      serveReplicate(server, {
        token: KEY,
        models: { 'test/text-to-image': { output: [`${server.url}/files/one.png`] } },
        files: { 'one.png': picture },
      }).handler,
    input: () => ({ params: imageGeneratorParamsSchema.parse({ prompt: 'a red fox' }), files: {} }),
    throttled: [
      { name: 'create', match: post('/v1/models/test/text-to-image/predictions') },
      { name: 'poll', match: get(/^\/v1\/predictions\/[^/]+$/) },
    ],
    rateLimit: { title: 'Request was throttled', detail: 'Request was throttled. Expected available in 1 second.', status: 429 },
    detail: 'Request was throttled. Expected available in 1 second.',
    check: async (result, expect) => expect(await widthOf(result.files[0]!.data)).toBe(80),
  },
  {
    provider: 'FASHN',
    name: 'fashn',
    service: 'virtual-try-on',
    settings: (url) => ({ fashn: { apiKey: KEY, baseUrl: url, model: 'tryon-v1.6' } }),
    serve: (server) =>
      serveFashn(server, {
        key: KEY,
        models: { 'tryon-v1.6': { output: [`${server.url}/files/output_0.png`] } },
        files: { 'output_0.png': picture },
      }).handler,
    input: () => ({ params: { category: 'top', consentToLikeness: true }, files: { person: photo, garment: photo } }),
    throttled: [
      { name: 'run', match: post('/v1/run') },
      { name: 'status', match: get(/^\/v1\/status\/[^/]+$/) },
    ],
    rateLimit: { error: 'RateLimitExceeded', message: 'Too many requests in the window, please slow down' },
    // providerDetail reads `error` before `message`: FASHN's error name is what the logs get.
    detail: 'RateLimitExceeded',
    check: async (result, expect) => {
      expect(result.files[0]!.name).toBe('try-on-top.png');
      expect(await widthOf(result.files[0]!.data)).toBe(80);
    },
  },
  {
    provider: 'OpenAI',
    name: 'openai',
    service: 'image-generator',
    settings: openAiSettings,
    serve: openAiImages,
    input: () => ({ params: imageGeneratorParamsSchema.parse({ prompt: 'a lighthouse', aspectRatio: '1:1' }), files: {} }),
    throttled: [{ name: 'images generation (gpt-image-1)', match: post('/v1/images/generations') }],
    rateLimit: openAiRateLimit,
    detail: openAiRateLimit.error.message,
    check: async (result, expect) => {
      expect(result.files.map((file) => file.name)).toEqual(['generated-1.png']);
      expect(await widthOf(result.files[0]!.data)).toBe(1024);
    },
  },
  {
    provider: 'OpenAI',
    name: 'openai',
    service: 'ai-background',
    settings: openAiSettings,
    serve: openAiImages,
    input: () => ({ params: { mode: 'color', color: '#112233' }, files: { image: photo } }),
    throttled: [{ name: 'images edit (gpt-image-1)', match: post('/v1/images/edits') }],
    rateLimit: openAiRateLimit,
    detail: openAiRateLimit.error.message,
    check: async (result, expect) => {
      expect(result.files.map((file) => file.name)).toEqual(['background-color.png']);
      expect(await widthOf(result.files[0]!.data)).toBe(1024);
    },
  },
  {
    provider: 'OpenAI',
    name: 'openai',
    service: 'sales-pilot',
    settings: openAiSettings,
    serve: () =>
      authorised('authorization', `Bearer ${KEY}`, openAiUnauthorised, (request) =>
        post('/v1/chat/completions')(request)
          ? {
              status: 200,
              body: {
                id: 'chatcmpl-1',
                object: 'chat.completion',
                choices: [
                  { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(report), refusal: null } },
                ],
              },
            }
          : undefined,
      ),
    input: () => ({ params: { text: sampleVtt, language: 'en' }, files: {} }),
    throttled: [{ name: 'chat completion (sales pilot)', match: post('/v1/chat/completions') }],
    rateLimit: openAiRateLimit,
    detail: openAiRateLimit.error.message,
    check: async (result, expect) => {
      expect(result.files.map((file) => file.name)).toEqual(['sales-call-report.html', 'sales-call-report.json']);
      expect(result.summary).toMatchObject({ score: report.score });
    },
  },
  {
    provider: 'ElevenLabs',
    name: 'elevenlabs',
    service: 'sound-generator',
    settings: (url) => ({ elevenlabs: { apiKey: KEY, baseUrl: url, outputFormat: 'pcm_24000' } }),
    serve: () =>
      authorised('xi-api-key', KEY, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } }, (request) =>
        post('/v1/sound-generation?output_format=pcm_24000')(request)
          ? { status: 200, headers: { 'Content-Type': 'audio/pcm' }, raw: pcm }
          : undefined,
      ),
    input: () => ({ params: { prompt: 'Door creak', durationSeconds: 1, format: 'wav' }, files: {} }),
    throttled: [{ name: 'sound effects', match: post('/v1/sound-generation?output_format=pcm_24000') }],
    rateLimit: {
      detail: {
        status: 'too_many_concurrent_requests',
        message: 'Your plan allows 2 concurrent requests; wait for one to finish before starting another.',
      },
    },
    detail: 'Your plan allows 2 concurrent requests; wait for one to finish before starting another.',
    check: async (result, expect) => {
      expect(result.files[0]).toMatchObject({ name: 'sound-door-creak.wav', contentType: 'audio/wav' });
      expect(result.summary).toMatchObject({ durationSeconds: 1, sampleRate: 24_000 });
    },
  },
  {
    provider: 'remove.bg',
    name: 'removebg',
    service: 'ai-background',
    settings: (url) => ({ removebg: { apiKey: KEY, baseUrl: url } }),
    serve: () =>
      authorised('x-api-key', KEY, { errors: [{ title: 'API Key invalid' }] }, (request) =>
        post('/v1.0/removebg')(request) ? { status: 200, headers: { 'X-Credits-Charged': '1' }, raw: picture } : undefined,
      ),
    input: () => ({ params: { mode: 'color', color: '#112233' }, files: { image: photo } }),
    throttled: [{ name: 'removebg', match: post('/v1.0/removebg') }],
    rateLimit: { errors: [{ title: 'Rate limit exceeded' }] },
    detail: 'Rate limit exceeded',
    check: async (result, expect) => {
      expect(result.files.map((file) => file.name)).toEqual(['background-color.png']);
      expect(await widthOf(result.files[0]!.data)).toBe(80);
    },
  },
];

/** The engine of the case's service with only its provider configured, against `server`. */
function engineFor(c: Case, server: FakeServer): Engine<unknown> {
  const config: EnginesConfig = {
    ...builtinEnginesConfig,
    ...c.settings(server.url),
    kinds: { ...builtinEnginesConfig.kinds, [c.service]: 'remote' },
    providers: { [c.service]: [c.name] },
    requestTimeoutMs: 5000,
  };
  return createRemoteEngines(config, { pollIntervalMs: 5 })[c.service] as Engine<unknown>;
}

/**
 * A fake server speaking the case's protocol, where each endpoint in `limited` answers 429 with
 * `retryAfter` and the rate-limit body `times` times before answering normally. `log` has the
 * arrival time and status of every request, in the order of `server.requests`.
 */
async function serveCase(c: Case, limited: Endpoint[], retryAfter: string, times: number) {
  const server = await startFakeServer();
  const handler = c.serve(server);
  const left = new Map(limited.map((endpoint) => [endpoint, times]));
  const log: { at: number; status: number }[] = [];
  server.handle((request) => {
    const at = performance.now();
    const endpoint = limited.find((candidate) => candidate.match(request));
    let reply: FakeReply | undefined;
    if (endpoint && left.get(endpoint)! > 0) {
      left.set(endpoint, left.get(endpoint)! - 1);
      reply = { status: 429, headers: { 'Retry-After': retryAfter }, body: c.rateLimit };
    } else {
      reply = handler(request);
    }
    log.push({ at, status: reply?.status ?? 404 });
    return reply;
  });
  return { server, log };
}

/** How many requests a run made to each throttled endpoint and in all, plus `extra` per throttled endpoint. */
const countsOf = (c: Case, requests: RecordedRequest[], extra = 0): Record<string, number> =>
  Object.fromEntries([
    ...c.throttled.map((endpoint) => [endpoint.name, requests.filter(endpoint.match).length + extra] as const),
    ['all endpoints', requests.length + extra * c.throttled.length],
  ]);

const title = (c: Case) => `${c.provider} ${c.service}`;

/** What a request sent: its JSON, or its multipart fields (the boundary changes on every send). */
async function payloadOf(request: RecordedRequest): Promise<unknown> {
  if (!String(request.headers['content-type']).startsWith('multipart/form-data')) return request.body;
  const fields = [...(await formDataOf(request))];
  return Promise.all(
    fields.map(async ([name, value]) => [name, typeof value === 'string' ? value : Buffer.from(await value.arrayBuffer())]),
  );
}

/** Longer than the client's longest wait between attempts, in whole seconds. */
const tooLong = String(defaultHttpPolicy.maxDelayMs / 1000 + 1);

describe.concurrent('a 429 with Retry-After from each provider', () => {
  const labelled = cases.map((c) => ({ c, label: title(c) }));
  it.for(labelled)('$label: waits as told, retries once per 429 and returns the real output', async ({ c }, { expect }) => {
    const normal = await serveCase(c, [], '1', 0);
    try {
      await c.check(await engineFor(c, normal.server).run(c.input(), context()), expect);
    } finally {
      await normal.server.close();
    }
    const limited = await serveCase(c, c.throttled, '1', 1);
    try {
      const result = await engineFor(c, limited.server).run(c.input(), context());
      await c.check(result, expect);
      const { requests } = limited.server;
      expect(countsOf(c, requests), `${title(c)}: one more request per 429`).toEqual(countsOf(c, normal.server.requests, 1));
      for (const endpoint of c.throttled) {
        const [limitedAt, retryAt] = requests.flatMap((request, i) => (endpoint.match(request) ? [i] : [])).slice(0, 2);
        expect(limited.log[limitedAt!]!.status, endpoint.name).toBe(429);
        expect(limited.log[retryAt!]!.status, endpoint.name).toBeLessThan(300);
        expect(limited.log[retryAt!]!.at - limited.log[limitedAt!]!.at, `${endpoint.name}: wait after the 429`).toBeGreaterThanOrEqual(900);
        expect(await payloadOf(requests[retryAt!]!), `${endpoint.name}: the same request again`).toEqual(
          await payloadOf(requests[limitedAt!]!),
        );
      }
    } finally {
      await limited.server.close();
    }
  });

  const isRead = (endpoint: { name: string }) => ['status poll', 'poll', 'status'].includes(endpoint.name);
  const farTooLong = cases.flatMap((c) =>
    c.throttled.filter((endpoint) => !isRead(endpoint)).map((endpoint) => ({ c, endpoint, label: `${title(c)} ${endpoint.name}` })),
  );
  const readsTooLong = cases.flatMap((c) =>
    c.throttled.filter(isRead).map((endpoint) => ({ c, endpoint, label: `${title(c)} ${endpoint.name}` })),
  );
  it.for(readsTooLong)(
    '$label: status reads throttled past the longest wait are read again until the deadline, never submitted again',
    async ({ c, endpoint }, { expect }) => {
      const { server } = await serveCase(c, [endpoint], tooLong, Infinity);
      try {
        const deadline = new AbortController();
        const timer = setTimeout(() => deadline.abort(new Error('deadline')), 1500);
        const error = await engineFor(c, server)
          .run(c.input(), { ...context(), signal: deadline.signal })
          .catch((e: unknown) => e);
        clearTimeout(timer);
        expect(error).toMatchObject({ message: 'deadline' });
        expect(server.requests.filter(endpoint.match).length).toBeGreaterThanOrEqual(2);
        const creates = c.throttled.find((other) => !isRead(other))!;
        expect(server.requests.filter(creates.match)).toHaveLength(1);
      } finally {
        await server.close();
      }
    },
  );
  it.for(farTooLong)(
    '$label: a Retry-After beyond the longest wait gives up at once with a transient ProviderError',
    async ({ c, endpoint }, { expect }) => {
      const { server, log } = await serveCase(c, [endpoint], tooLong, Infinity);
      try {
        const started = performance.now();
        const error = await engineFor(c, server)
          .run(c.input(), context())
          .catch((e: unknown) => e);
        const elapsed = performance.now() - started;
        expect(error).toBeInstanceOf(ProviderError);
        expect(error).toMatchObject({ transient: true, provider: c.provider, status: 429, detail: c.detail });
        expect((error as ProviderError).message).toContain(`The ${c.provider} service is busy`);
        expect(server.requests.filter(endpoint.match)).toHaveLength(1);
        expect(log.at(-1)!.status).toBe(429);
        expect(elapsed).toBeLessThan(1000);
      } finally {
        await server.close();
      }
    },
  );
});
