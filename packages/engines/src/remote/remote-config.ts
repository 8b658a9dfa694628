import { z } from 'zod';
import { serviceKeys } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { elevenLabsOutputFormats } from './elevenlabs-client.ts';
import type { ElevenLabsOutputFormat } from './elevenlabs-client.ts';
import { envReader } from './env-reader.ts';
import { defaultFalJwksUrl } from './fal-webhook.ts';
import { defaultModelOf } from './model-licences.ts';
import { falServices, providerKeyVariables, serviceProviders } from './provider-catalogue.ts';
import type { FalService, ProviderName } from './provider-catalogue.ts';

export type EngineKind = 'builtin' | 'remote';

/** Services that can run on Replicate; sales-pilot uses an OpenAI-compatible API instead. */
export const replicateServices = ['ai-background', 'image-generator', 'virtual-try-on', 'speedpainting', 'sound-generator'] as const;
export type ReplicateService = (typeof replicateServices)[number];

const defaultsFor = <S extends ServiceKey>(services: readonly S[], provider: ProviderName) =>
  Object.fromEntries(services.map((service) => [service, defaultModelOf(service, provider)!])) as Record<S, string>;

/** Default hosted models (owner/name runs the latest version; owner/name:version pins one); all allow commercial use. */
export const defaultReplicateModels: Record<ReplicateService, string> = defaultsFor(replicateServices, 'replicate');
/** Default fal endpoints; all allow commercial use. */
export const defaultFalModels: Record<FalService, string> = defaultsFor(falServices, 'fal');

export type EnginesConfig = {
  /** Which engine runs each service (`<SERVICE>_ENGINE`, default builtin; remote when a provider is named). */
  kinds: Record<ServiceKey, EngineKind>;
  /**
   * The providers of each remote service in order (`<SERVICE>_PROVIDER` or `<SERVICE>_PROVIDERS`):
   * the first runs the service, the others are there for fallback. Absent: the service's default.
   */
  providers?: Partial<Record<ServiceKey, ProviderName[]>>;
  replicate: { apiToken: string; baseUrl: string; models: Record<ReplicateService, string>; webhookSecret?: string } | null;
  /** Chat for the sales pilot; the image fields are for OpenAI image generation and backgrounds. */
  openai: { apiKey: string; baseUrl: string; model: string; imageModel?: string; imageQuality?: 'low' | 'medium' | 'high' | 'auto' } | null;
  /** `speedpaintingSeconds`: the hosted speed-painting clip length asked of fal (5 or 10 s; the default 5 keeps it under half its credit value). */
  fal?: { apiKey: string; queueUrl: string; jwksUrl: string; models: Record<FalService, string>; speedpaintingSeconds?: 5 | 10 } | null;
  elevenlabs?: { apiKey: string; baseUrl: string; outputFormat: ElevenLabsOutputFormat } | null;
  fashn?: { apiKey: string; baseUrl: string; model: string } | null;
  removebg?: { apiKey: string; baseUrl: string } | null;
  /** Per HTTP attempt to a provider, and further attempts (reads on 429, 5xx, timeouts, network errors; creates only where surely not taken). */
  requestTimeoutMs: number;
  retries: number;
};

/** Every service on its built-in engine and no provider configured (tests, offline). */
export const builtinEnginesConfig: EnginesConfig = {
  kinds: Object.fromEntries(serviceKeys.map((key) => [key, 'builtin'])) as Record<ServiceKey, EngineKind>,
  providers: {},
  replicate: null,
  openai: null,
  fal: null,
  elevenlabs: null,
  fashn: null,
  removebg: null,
  requestTimeoutMs: 30_000,
  retries: 3,
};

/** 'ai-background' → 'AI_BACKGROUND'. */
export const envName = (service: ServiceKey) => service.toUpperCase().replace(/-/g, '_');

const modelReference = z
  .string()
  .regex(/^[\w.-]+\/[\w.-]+(:[0-9a-f]{64})?$|^[0-9a-f]{64}$/, 'must be owner/name, owner/name:<64-hex version> or a version id');
const falEndpoint = z.string().regex(/^[\w.-]+(\/[\w.-]+)+$/, 'must be a fal endpoint id like fal-ai/flux/schnell');
const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const trim = (value: string) => value.replace(/\/+$/, '');

/** Where a service's provider list came from, to name the variable in messages. */
type ProviderChoice = { providers: ProviderName[]; variable: string | null; implied?: boolean };

function readProviderChoice(service: ServiceKey, reader: ReturnType<typeof envReader>): ProviderChoice {
  const single = `${envName(service)}_PROVIDER`;
  const list = `${envName(service)}_PROVIDERS`;
  const allowed = serviceProviders[service];
  if (reader.read(single) !== undefined && reader.read(list) !== undefined) {
    throw reader.invalid(list, `set either ${single} or ${list}, not both`);
  }
  const variable = reader.read(list) !== undefined ? list : reader.read(single) !== undefined ? single : null;
  if (!variable) {
    // No choice named: every provider whose key is set, in the catalogue's order (the first runs, the rest are fallback).
    const keyed = allowed.filter((provider) => Boolean(reader.read(providerKeyVariables[provider])));
    return { providers: keyed.length > 0 ? keyed : [allowed[0]!], variable: null, implied: keyed.length > 0 };
  }
  const names = reader
    .read(variable)!
    .split(',')
    .map((name) => name.trim().toLowerCase());
  if (variable === single && names.length > 1) throw reader.invalid(single, `names one provider; use ${list} for a list`);
  for (const name of names) {
    if (!allowed.includes(name as ProviderName)) throw reader.invalid(variable, `must be one of ${allowed.join(', ')}`);
  }
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw reader.invalid(variable, `lists ${duplicate} twice`);
  return { providers: names as ProviderName[], variable };
}

/**
 * Reads the engine choice and provider variables. A provider's key alone puts every service that
 * provider runs on it (`<SERVICE>_ENGINE=builtin` keeps one offline; `<SERVICE>_PROVIDERS` orders them).
 * A service set to remote needs the key of every provider it names; anything missing or malformed is
 * reported through `fail` as one line naming the variable.
 */
export function loadEnginesConfig(env: NodeJS.ProcessEnv, fail: (message: string) => Error): EnginesConfig {
  const reader = envReader(env, fail);
  const { read, check, invalid } = reader;
  const kinds = {} as Record<ServiceKey, EngineKind>;
  const providers: Partial<Record<ServiceKey, ProviderName[]>> = {};
  for (const service of serviceKeys) {
    const choice = readProviderChoice(service, reader);
    const kindVariable = `${envName(service)}_ENGINE`;
    const fallbackKind: EngineKind = choice.variable || choice.implied ? 'remote' : 'builtin';
    kinds[service] = check(kindVariable, z.enum(['builtin', 'remote'], { error: 'must be builtin or remote' }), fallbackKind);
    if (kinds[service] !== 'remote') continue;
    providers[service] = choice.providers;
    for (const provider of choice.providers) {
      const keyVariable = providerKeyVariables[provider];
      if (!read(keyVariable)) {
        throw invalid(
          keyVariable,
          `is required when ${choice.variable ? `${choice.variable}=${read(choice.variable)}` : `${kindVariable}=remote`}`,
        );
      }
    }
  }
  const key = (provider: ProviderName) => read(providerKeyVariables[provider]);
  const baseUrl = (name: string, fallback: string) => trim(check(name, url, fallback));
  const replicateModels = Object.fromEntries(
    replicateServices.map((service) => [
      service,
      check(`REPLICATE_MODEL_${envName(service)}`, modelReference, defaultReplicateModels[service]),
    ]),
  ) as Record<ReplicateService, string>;
  const falModels = Object.fromEntries(
    falServices.map((service) => [service, check(`FAL_MODEL_${envName(service)}`, falEndpoint, defaultFalModels[service])]),
  ) as Record<FalService, string>;
  const webhookSecret = check<string | undefined>(
    'REPLICATE_WEBHOOK_SECRET',
    z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be whsec_ followed by base64'),
    undefined,
  );
  return {
    kinds,
    providers,
    replicate: key('replicate')
      ? {
          apiToken: key('replicate')!,
          baseUrl: baseUrl('REPLICATE_BASE_URL', 'https://api.replicate.com'),
          models: replicateModels,
          ...(webhookSecret ? { webhookSecret } : {}),
        }
      : null,
    openai: key('openai')
      ? {
          apiKey: key('openai')!,
          baseUrl: baseUrl('OPENAI_BASE_URL', 'https://api.openai.com'),
          model: check('OPENAI_MODEL', z.string().min(1).max(200), defaultModelOf('sales-pilot', 'openai')!),
          imageModel: check('OPENAI_IMAGE_MODEL', z.string().min(1).max(200), defaultModelOf('image-generator', 'openai')!),
          imageQuality: check(
            'OPENAI_IMAGE_QUALITY',
            z.enum(['low', 'medium', 'high', 'auto'], { error: 'must be low, medium, high or auto' }),
            'low',
          ),
        }
      : null,
    fal: key('fal')
      ? {
          apiKey: key('fal')!,
          queueUrl: baseUrl('FAL_QUEUE_URL', 'https://queue.fal.run'),
          jwksUrl: check('FAL_JWKS_URL', url, defaultFalJwksUrl),
          models: falModels,
          speedpaintingSeconds: check(
            'FAL_SPEEDPAINTING_SECONDS',
            z.enum(['5', '10'], { error: 'must be 5 or 10' }).transform((value) => (value === '5' ? 5 : 10) as 5 | 10),
            5,
          ),
        }
      : null,
    elevenlabs: key('elevenlabs')
      ? {
          apiKey: key('elevenlabs')!,
          baseUrl: baseUrl('ELEVENLABS_BASE_URL', 'https://api.elevenlabs.io'),
          outputFormat: check(
            'ELEVENLABS_OUTPUT_FORMAT',
            z.enum(elevenLabsOutputFormats, { error: `must be one of ${elevenLabsOutputFormats.join(', ')}` }),
            'pcm_24000',
          ),
        }
      : null,
    fashn: key('fashn')
      ? {
          apiKey: key('fashn')!,
          baseUrl: baseUrl('FASHN_BASE_URL', 'https://api.fashn.ai'),
          model: check(
            'FASHN_MODEL',
            z.string().regex(/^[\w.-]+$/, 'must be a FASHN model name like tryon-v1.6'),
            defaultModelOf('virtual-try-on', 'fashn')!,
          ),
        }
      : null,
    removebg: key('removebg') ? { apiKey: key('removebg')!, baseUrl: baseUrl('REMOVE_BG_BASE_URL', 'https://api.remove.bg') } : null,
    requestTimeoutMs:
      check('REMOTE_REQUEST_TIMEOUT_SECONDS', z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(600), 30) * 1000,
    retries: check('REMOTE_RETRIES', z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(10), 3),
  };
}
