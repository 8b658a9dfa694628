import { z } from 'zod';
import { serviceKeys } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';

export type EngineKind = 'builtin' | 'remote';

/** Services that run on Replicate when remote; sales-pilot uses an OpenAI-compatible API instead. */
export const replicateServices = ['ai-background', 'image-generator', 'virtual-try-on', 'speedpainting', 'sound-generator'] as const;
export type ReplicateService = (typeof replicateServices)[number];

/** Default hosted models (owner/name runs the latest version; owner/name:version pins one). */
export const defaultReplicateModels: Record<ReplicateService, string> = {
  'ai-background': '851-labs/background-remover',
  'image-generator': 'black-forest-labs/flux-schnell',
  'virtual-try-on': 'cuuupid/idm-vton',
  speedpainting: 'minimax/video-01',
  'sound-generator': 'meta/musicgen',
};

export type EnginesConfig = {
  /** Which engine runs each service (`<SERVICE>_ENGINE`, default builtin). */
  kinds: Record<ServiceKey, EngineKind>;
  replicate: { apiToken: string; baseUrl: string; models: Record<ReplicateService, string> } | null;
  openai: { apiKey: string; baseUrl: string; model: string } | null;
  /** Per HTTP attempt to a provider, and further attempts on 429, 5xx, timeouts and network errors. */
  requestTimeoutMs: number;
  retries: number;
};

/** Every service on its built-in engine and no provider configured (tests, offline). */
export const builtinEnginesConfig: EnginesConfig = {
  kinds: Object.fromEntries(serviceKeys.map((key) => [key, 'builtin'])) as Record<ServiceKey, EngineKind>,
  replicate: null,
  openai: null,
  requestTimeoutMs: 30_000,
  retries: 3,
};

/** 'ai-background' → 'AI_BACKGROUND'. */
export const envName = (service: ServiceKey) => service.toUpperCase().replace(/-/g, '_');

const modelReference = z
  .string()
  .regex(/^[\w.-]+\/[\w.-]+(:[0-9a-f]{64})?$|^[0-9a-f]{64}$/, 'must be owner/name, owner/name:<64-hex version> or a version id');
const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * Reads the engine choice and provider variables. A service set to remote needs its provider's
 * credentials; anything missing or malformed is reported through `fail` as one line naming the variable.
 */
export function loadEnginesConfig(env: NodeJS.ProcessEnv, fail: (message: string) => Error): EnginesConfig {
  const read = (name: string) => (env[name] === '' ? undefined : env[name]);
  const check = <T>(name: string, schema: z.ZodType<T>, fallback: T): T => {
    const value = read(name);
    if (value === undefined) return fallback;
    const result = schema.safeParse(value);
    if (!result.success) throw fail(`Invalid environment variable ${name}: ${result.error.issues[0]?.message ?? 'is invalid'}`);
    return result.data;
  };
  const kinds = {} as Record<ServiceKey, EngineKind>;
  for (const service of serviceKeys) {
    kinds[service] = check(`${envName(service)}_ENGINE`, z.enum(['builtin', 'remote'], { error: 'must be builtin or remote' }), 'builtin');
  }
  const models = {} as Record<ReplicateService, string>;
  for (const service of replicateServices) {
    models[service] = check(`REPLICATE_MODEL_${envName(service)}`, modelReference, defaultReplicateModels[service]);
  }
  const replicateToken = read('REPLICATE_API_TOKEN');
  const openaiKey = read('OPENAI_API_KEY');
  for (const service of replicateServices) {
    if (kinds[service] === 'remote' && !replicateToken) {
      throw fail(`Invalid environment variable REPLICATE_API_TOKEN: is required when ${envName(service)}_ENGINE=remote`);
    }
  }
  if (kinds['sales-pilot'] === 'remote' && !openaiKey) {
    throw fail('Invalid environment variable OPENAI_API_KEY: is required when SALES_PILOT_ENGINE=remote');
  }
  const trim = (value: string) => value.replace(/\/+$/, '');
  return {
    kinds,
    replicate: replicateToken
      ? { apiToken: replicateToken, baseUrl: trim(check('REPLICATE_BASE_URL', url, 'https://api.replicate.com')), models }
      : null,
    openai: openaiKey
      ? {
          apiKey: openaiKey,
          baseUrl: trim(check('OPENAI_BASE_URL', url, 'https://api.openai.com')),
          model: check('OPENAI_MODEL', z.string().min(1).max(200), 'gpt-4o-mini'),
        }
      : null,
    requestTimeoutMs:
      check('REMOTE_REQUEST_TIMEOUT_SECONDS', z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(600), 30) * 1000,
    retries: check('REMOTE_RETRIES', z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(10), 3),
  };
}
