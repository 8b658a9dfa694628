import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { salesReportSchema } from '@lumen/core/services/sales-report';
import type { EngineContext } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { analyseCall } from '../sales-pilot/analyse-call.ts';
import { loadNlp } from '../sales-pilot/nlp.ts';
import { sampleVtt } from '../sales-pilot/test-transcripts.ts';
import { parseTranscript } from '../sales-pilot/transcript-parser.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeReply, FakeServer } from './fake-provider-server.ts';
import { strictJsonSchema } from './openai-chat.ts';
import { createSalesPilotRemoteEngine } from './sales-pilot.remote.ts';

const KEY = 'sk-test';
await loadNlp();
const report = analyseCall(parseTranscript(sampleVtt, 'call.vtt'));
let server: FakeServer;
let answer: () => FakeReply;
const context = (signal = new AbortController().signal): EngineContext => ({ signal, onProgress: () => undefined });
const completion = (content: string | null, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null, ...extra } }],
  },
});

beforeAll(async () => {
  server = await startFakeServer();
  server.handle((request) => {
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') return undefined;
    if (request.headers.authorization !== `Bearer ${KEY}`)
      return { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } };
    return answer();
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  answer = () => completion(JSON.stringify(report));
});

const engine = () =>
  createSalesPilotRemoteEngine({
    apiKey: KEY,
    baseUrl: server.url,
    model: 'gpt-test',
    http: { provider: 'OpenAI', timeoutMs: 2000, retries: 2, baseDelayMs: 5, maxDelayMs: 1000 },
  });
const transcript = { name: 'call.vtt', contentType: 'text/vtt', data: Buffer.from(sampleVtt) };

describe('sales pilot over Chat Completions', () => {
  it('asks for the report schema in strict mode and returns the validated report as HTML and JSON', async () => {
    const result = await engine().run({ params: { language: 'en' }, files: { transcript } }, context());
    const body = server.requests[0]!.body as {
      model: string;
      messages: { role: string; content: string }[];
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
    };
    expect(body.model).toBe('gpt-test');
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[1]!.content).toContain('Hi Jordan, thanks for taking the time today');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toMatchObject({ name: 'sales_call_report', strict: true });
    expect(body.response_format.json_schema.schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(result.summary).toEqual(salesReportSchema.parse(report));
    expect(result.files.map((f) => f.name)).toEqual(['sales-call-report.html', 'sales-call-report.json']);
    expect(result.files[0]!.data.toString()).toContain('<html');
  });

  it('strict schema: every object closed with all its properties required', () => {
    const schema = strictJsonSchema(salesReportSchema) as {
      required: string[];
      properties: Record<string, { items?: Record<string, unknown> }>;
    };
    expect(schema.required).toEqual(Object.keys(schema.properties));
    expect(schema.properties.speakers!.items).toMatchObject({ type: 'object', additionalProperties: false });
    expect(JSON.stringify(schema)).not.toMatch(/"minimum"|"\$schema"/);
  });

  it('a report in the wrong shape, a refusal or a cut-off answer is a clear permanent error', async () => {
    for (const [reply, message] of [
      [completion(JSON.stringify({ ...report, score: { value: 250 } })), /returned a report we could not read/],
      [completion('not json'), /returned a report we could not read/],
      [completion(null, { refusal: 'I cannot help with that.' }), /declined to analyse this text: I cannot help with that\./],
      [{ status: 200, body: { choices: [{ finish_reason: 'length', message: { content: '{"version":' } }] } }, /cut off/],
    ] as const) {
      answer = () => reply;
      const error = (await engine()
        .run({ params: { text: sampleVtt, language: 'en' }, files: {} }, context())
        .catch((e: unknown) => e)) as ProviderError;
      expect(error).toBeInstanceOf(ProviderError);
      expect(error.transient).toBe(false);
      expect(error.message).toMatch(message);
    }
  });

  it('costs a run from the tokens OpenAI reports (usage), a billed cut-off answer too; no price on record, no cost', async () => {
    // As OpenAI's Chat Completions answer reports them: prompt, cached prompt and completion tokens.
    const usage = { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500, prompt_tokens_details: { cached_tokens: 200 } };
    answer = () => {
      const reply = completion(JSON.stringify(report));
      return { ...reply, body: { ...reply.body, model: 'gpt-4o-mini-2024-07-18', usage } };
    };
    const mini = createSalesPilotRemoteEngine({
      apiKey: KEY,
      baseUrl: server.url,
      model: 'gpt-4o-mini',
      http: { provider: 'OpenAI', timeoutMs: 2000, retries: 2, baseDelayMs: 5, maxDelayMs: 1000 },
    });
    const result = await mini.run({ params: { text: sampleVtt, language: 'en' }, files: {} }, context());
    // 800 uncached × $0.15 + 200 cached × $0.075 + 500 × $0.60 per million tokens = $0.000435.
    expect(result.provider).toEqual({
      name: 'openai',
      model: 'gpt-4o-mini',
      costMicroUsd: 435,
      usage: { 'input-token': 800, 'cached-input-token': 200, 'output-token': 500 },
    });
    // A model without a price on record: the tokens are kept, no cost is made up (the worker records none).
    expect((await engine().run({ params: { text: sampleVtt, language: 'en' }, files: {} }, context())).provider).not.toHaveProperty(
      'costMicroUsd',
    );

    answer = () => ({ status: 200, body: { choices: [{ finish_reason: 'length', message: { content: '{"version":' } }], usage } });
    const cutOff = (await mini
      .run({ params: { text: sampleVtt, language: 'en' }, files: {} }, context())
      .catch((e: unknown) => e)) as ProviderError;
    expect(cutOff).toMatchObject({ transient: false, costMicroUsd: 435, usage: { 'input-token': 800, 'output-token': 500 } });
  });

  it('retries a rate limit, then succeeds', async () => {
    let calls = 0;
    answer = () =>
      ++calls === 1
        ? { status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'Rate limit reached' } } }
        : completion(JSON.stringify(report));
    const result = await engine().run({ params: { text: sampleVtt, language: 'en' }, files: {} }, context());
    expect(calls).toBe(2);
    expect(result.files).toHaveLength(2);
  });

  it('a wrong key is a permanent error; the provider words stay in detail', async () => {
    const wrong = createSalesPilotRemoteEngine({
      apiKey: 'bad',
      baseUrl: server.url,
      model: 'gpt-test',
      http: { provider: 'OpenAI', timeoutMs: 2000, retries: 2, baseDelayMs: 5, maxDelayMs: 1000 },
    });
    const error = (await wrong
      .run({ params: { text: sampleVtt, language: 'en' }, files: {} }, context())
      .catch((e: unknown) => e)) as ProviderError;
    expect(error).toMatchObject({ transient: false, status: 401, detail: 'Incorrect API key provided' });
    expect(server.requests).toHaveLength(1);
  });

  it('aborts with the signal reason', async () => {
    answer = () => ({ ...completion(JSON.stringify(report)), delayMs: 1000 });
    const controller = new AbortController();
    const reason = new Error('shutdown');
    setTimeout(() => controller.abort(reason), 30);
    await expect(engine().run({ params: { text: sampleVtt, language: 'en' }, files: {} }, context(controller.signal))).rejects.toBe(reason);
  });
});
