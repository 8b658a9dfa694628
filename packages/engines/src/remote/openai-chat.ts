import { z } from 'zod';
import type { EngineContext } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';
import { chatCostMicroUsd, chatUsage } from './provider-prices.ts';
import type { ProviderUsage } from './provider-prices.ts';

export type OpenAiSettings = {
  apiKey: string;
  /** https://api.openai.com, or any OpenAI-compatible server. */
  baseUrl: string;
  model: string;
  http: HttpPolicy;
};

const PROVIDER = 'OpenAI';

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullable().optional(),
        message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }),
      }),
    )
    .min(1),
  /** The tokens OpenAI bills for this call (Chat Completions' usage object). */
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative(),
      completion_tokens: z.number().int().nonnegative(),
      prompt_tokens_details: z.object({ cached_tokens: z.number().int().nonnegative().optional() }).nullable().optional(),
    })
    .nullable()
    .optional(),
});

const keptKeywords = new Set(['type', 'properties', 'required', 'items', 'enum', 'const', 'anyOf', 'description', 'additionalProperties']);

/**
 * A zod schema as JSON Schema for Structured Outputs in strict mode: every object closed
 * (additionalProperties false) with every property required, and only the keywords strict mode
 * accepts (bounds are checked afterwards with the zod schema itself).
 */
export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (!keptKeywords.has(key)) continue;
      if (key === 'properties') {
        out.properties = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, child]) => [name, strip(child)]));
      } else out[key] = strip(value);
    }
    if (out.type === 'object' && out.properties) {
      out.additionalProperties = false;
      out.required = Object.keys(out.properties);
    }
    return out;
  };
  return strip(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as Record<string, unknown>;
}

/**
 * One Chat Completions call (POST /v1/chat/completions) whose answer must follow `schema`
 * (response_format json_schema, strict); returns the parsed, zod-validated object and what the call cost from
 * the tokens OpenAI reports (null without a usage object or a price for the model). An answer we cannot use was
 * billed all the same: its ProviderError carries that cost.
 */
export async function completeJson<T>(
  settings: OpenAiSettings,
  request: { system: string; user: string; schemaName: string; schema: z.ZodType<T> },
  context: EngineContext,
): Promise<{ data: T; costMicroUsd: number | null; usage: ProviderUsage | null }> {
  const body = {
    model: settings.model,
    messages: [
      { role: 'system', content: request.system },
      { role: 'user', content: request.user },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: request.schemaName, strict: true, schema: strictJsonSchema(request.schema) },
    },
  };
  context.onProgress(0.1);
  const response = await sendRequest(
    { method: 'POST', url: `${settings.baseUrl}/v1/chat/completions`, headers: { Authorization: `Bearer ${settings.apiKey}` }, json: body },
    settings.http,
    context.signal,
  );
  let costMicroUsd: number | null = null;
  let billed: ProviderUsage | null = null;
  const wrongShape = (detail: string) =>
    new ProviderError(`The ${PROVIDER} model returned a report we could not read`, {
      transient: false,
      provider: PROVIDER,
      detail,
      costMicroUsd,
      ...(billed ? { usage: billed } : {}),
    });
  let parsed: z.infer<typeof completionSchema>;
  try {
    parsed = completionSchema.parse(JSON.parse(response.body.toString('utf8')));
  } catch {
    throw wrongShape(response.body.toString('utf8').slice(0, 300));
  }
  const usage = parsed.usage;
  const tokens = usage
    ? {
        promptTokens: usage.prompt_tokens,
        cachedPromptTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
        completionTokens: usage.completion_tokens,
      }
    : null;
  costMicroUsd = tokens ? chatCostMicroUsd(settings.model, tokens) : null;
  billed = tokens ? chatUsage(tokens) : null;
  const choice = parsed.choices[0]!;
  if (choice.message.refusal) {
    throw new ProviderError(`The ${PROVIDER} model declined to analyse this text: ${choice.message.refusal.slice(0, 200)}`, {
      transient: false,
      provider: PROVIDER,
      costMicroUsd,
      ...(billed ? { usage: billed } : {}),
    });
  }
  if (choice.finish_reason === 'length') {
    throw new ProviderError(`The ${PROVIDER} model's answer was cut off; the text may be too long`, {
      transient: false,
      provider: PROVIDER,
      costMicroUsd,
      ...(billed ? { usage: billed } : {}),
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(choice.message.content ?? '');
  } catch {
    throw wrongShape('content is not JSON');
  }
  const result = request.schema.safeParse(json);
  if (!result.success)
    throw wrongShape(
      result.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; '),
    );
  context.onProgress(0.9);
  return { data: result.data, costMicroUsd, usage: billed };
}
