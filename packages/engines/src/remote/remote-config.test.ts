import { describe, expect, it } from 'vitest';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { createProviderEngines, createRemoteEngines } from './create-remote-engines.ts';
import { defaultModelOf, defaultModels, knownNonCommercialModels, nonCommercialLicences } from './model-licences.ts';
import { serviceProviders } from './provider-catalogue.ts';
import { defaultFalModels, defaultReplicateModels, loadEnginesConfig } from './remote-config.ts';

const fail = (message: string) => new Error(message);

describe('loadEnginesConfig', () => {
  it('runs every service on its built-in engine by default', () => {
    const config = loadEnginesConfig({}, fail);
    expect(Object.values(config.kinds)).toEqual(Array(6).fill('builtin'));
    expect(config.replicate).toBeNull();
    expect(createRemoteEngines(config)).toEqual({});
  });

  it('needs the provider credentials for a remote service, naming the variable', () => {
    expect(() => loadEnginesConfig({ IMAGE_GENERATOR_ENGINE: 'remote' }, fail)).toThrow(
      'Invalid environment variable REPLICATE_API_TOKEN: is required when IMAGE_GENERATOR_ENGINE=remote',
    );
    expect(() => loadEnginesConfig({ SALES_PILOT_ENGINE: 'remote' }, fail)).toThrow(
      'Invalid environment variable OPENAI_API_KEY: is required when SALES_PILOT_ENGINE=remote',
    );
    expect(() => loadEnginesConfig({ SPEEDPAINTING_ENGINE: 'cloud' }, fail)).toThrow(
      'Invalid environment variable SPEEDPAINTING_ENGINE: must be builtin or remote',
    );
    expect(() => loadEnginesConfig({ REPLICATE_API_TOKEN: 't', REPLICATE_MODEL_SOUND_GENERATOR: 'musicgen' }, fail)).toThrow(
      /REPLICATE_MODEL_SOUND_GENERATOR: must be owner\/name/,
    );
    expect(() => loadEnginesConfig({ REPLICATE_API_TOKEN: 't', REPLICATE_BASE_URL: 'ftp://x' }, fail)).toThrow(/REPLICATE_BASE_URL/);
  });

  it('creates the remote adapters of the services set to remote only', () => {
    const config = loadEnginesConfig(
      {
        REPLICATE_API_TOKEN: 'r8_x',
        REPLICATE_BASE_URL: 'http://127.0.0.1:9/',
        REPLICATE_MODEL_IMAGE_GENERATOR: `owner/model:${'c'.repeat(64)}`,
        IMAGE_GENERATOR_ENGINE: 'remote',
        SOUND_GENERATOR_ENGINE: 'remote',
        AI_BACKGROUND_ENGINE: 'builtin',
        VIRTUAL_TRY_ON_ENGINE: 'builtin',
        SPEEDPAINTING_ENGINE: 'builtin',
        OPENAI_API_KEY: 'sk-x',
        SALES_PILOT_ENGINE: 'remote',
        OPENAI_MODEL: 'gpt-4.1-mini',
        REMOTE_RETRIES: '1',
      },
      fail,
    );
    expect(config.replicate?.baseUrl).toBe('http://127.0.0.1:9');
    expect(config.replicate?.models['sound-generator']).toBe('elevenlabs/music');
    expect(config.retries).toBe(1);
    const engines = createRemoteEngines(config);
    expect(Object.keys(engines).sort()).toEqual(['image-generator', 'sales-pilot', 'sound-generator']);
    expect(engines['image-generator']?.kind).toBe('remote');
    expect(engines['sales-pilot']?.label).toBe('Hosted language model (gpt-4.1-mini)');
  });
});

describe('a provider key alone', () => {
  it('puts every service that provider runs on it, and leaves the others on their built-in engine', () => {
    const fal = loadEnginesConfig({ FAL_KEY: 'fal-key' }, fail);
    expect(fal.kinds).toEqual({
      'ai-background': 'remote',
      'image-generator': 'remote',
      'virtual-try-on': 'remote',
      speedpainting: 'remote',
      'sales-pilot': 'builtin',
      'sound-generator': 'remote',
    });
    expect(Object.keys(createRemoteEngines(fal)).sort()).toEqual([
      'ai-background',
      'image-generator',
      'sound-generator',
      'speedpainting',
      'virtual-try-on',
    ]);
    const openai = loadEnginesConfig({ OPENAI_API_KEY: 'sk-x' }, fail);
    expect(
      Object.entries(openai.kinds)
        .filter(([, kind]) => kind === 'remote')
        .map(([service]) => service)
        .sort(),
    ).toEqual(['ai-background', 'image-generator', 'sales-pilot']);
    const replicate = loadEnginesConfig({ REPLICATE_API_TOKEN: 'r8_x', SPEEDPAINTING_ENGINE: 'builtin' }, fail);
    expect(replicate.kinds.speedpainting).toBe('builtin');
    expect(replicate.providers?.['image-generator']).toEqual(['replicate']);
  });

  it('orders several keyed providers as the catalogue does, the others kept for fallback', () => {
    const config = loadEnginesConfig({ FAL_KEY: 'fal-key', REPLICATE_API_TOKEN: 'r8_x', FASHN_API_KEY: 'fa-x' }, fail);
    expect(config.providers?.['virtual-try-on']).toEqual(['replicate', 'fal', 'fashn']);
    expect(createProviderEngines(config)['virtual-try-on']?.map((entry) => entry.provider)).toEqual(['replicate', 'fal', 'fashn']);
  });
});

describe('providers per service', () => {
  const keys = {
    FAL_KEY: 'fal-key',
    REPLICATE_API_TOKEN: 'r8_x',
    OPENAI_API_KEY: 'sk-x',
    ELEVENLABS_API_KEY: 'xi-x',
    FASHN_API_KEY: 'fa-x',
    REMOVE_BG_API_KEY: 'rbg-x',
  };

  it('<SERVICE>_PROVIDER picks the provider and makes the service remote; <SERVICE>_PROVIDERS orders several', () => {
    const config = loadEnginesConfig(
      {
        ...keys,
        IMAGE_GENERATOR_PROVIDER: 'fal',
        AI_BACKGROUND_PROVIDERS: 'removebg, fal,replicate',
        VIRTUAL_TRY_ON_PROVIDER: 'FASHN',
        SOUND_GENERATOR_PROVIDERS: 'elevenlabs,fal',
        SPEEDPAINTING_PROVIDER: 'fal',
        SPEEDPAINTING_ENGINE: 'builtin',
      },
      fail,
    );
    expect(config.kinds).toMatchObject({
      'image-generator': 'remote',
      'ai-background': 'remote',
      speedpainting: 'builtin',
      // Not named, but its only provider's key is set.
      'sales-pilot': 'remote',
    });
    expect(config.providers).toEqual({
      'image-generator': ['fal'],
      'ai-background': ['removebg', 'fal', 'replicate'],
      'virtual-try-on': ['fashn'],
      'sales-pilot': ['openai'],
      'sound-generator': ['elevenlabs', 'fal'],
    });
    const engines = createRemoteEngines(config);
    expect(Object.keys(engines).sort()).toEqual(['ai-background', 'image-generator', 'sales-pilot', 'sound-generator', 'virtual-try-on']);
    expect(engines['image-generator']?.label).toBe('Hosted model on fal (fal-ai/flux/schnell)');
    expect(engines['ai-background']?.label).toBe('remove.bg');
    expect(engines['virtual-try-on']?.label).toBe('FASHN (tryon-v1.6)');
    expect(engines['sound-generator']?.label).toBe('ElevenLabs (eleven_text_to_sound_v2)');
    const all = createProviderEngines(config);
    expect(all['ai-background']?.map((entry) => entry.provider)).toEqual(['removebg', 'fal', 'replicate']);
    expect(all['ai-background']?.map((entry) => entry.engine.label)).toEqual([
      'remove.bg',
      'Hosted model on fal (fal-ai/birefnet/v2)',
      'Hosted model on Replicate (851-labs/background-remover)',
    ]);
  });

  it('reads each provider’s settings with their defaults', () => {
    const config = loadEnginesConfig(
      {
        ...keys,
        FAL_QUEUE_URL: 'http://127.0.0.1:9/',
        FAL_MODEL_SPEEDPAINTING: 'fal-ai/pixverse/v4.5/transition',
        OPENAI_IMAGE_QUALITY: 'high',
        ELEVENLABS_OUTPUT_FORMAT: 'pcm_44100',
        FASHN_MODEL: 'tryon-max',
        REPLICATE_WEBHOOK_SECRET: 'whsec_c2VjcmV0',
      },
      fail,
    );
    expect(config.fal).toEqual({
      apiKey: 'fal-key',
      queueUrl: 'http://127.0.0.1:9',
      jwksUrl: 'https://rest.alpha.fal.ai/.well-known/jwks.json',
      models: { ...defaultFalModels, speedpainting: 'fal-ai/pixverse/v4.5/transition' },
      speedpaintingSeconds: 5,
    });
    expect(config.openai).toMatchObject({ model: 'gpt-4o-mini', imageModel: 'gpt-image-2.6-flare', imageQuality: 'high' });
    expect(loadEnginesConfig({ OPENAI_API_KEY: 'sk' }, fail).openai).toMatchObject({ imageQuality: 'low' });
    expect(loadEnginesConfig({ FAL_KEY: 'k', FAL_SPEEDPAINTING_SECONDS: '10' }, fail).fal?.speedpaintingSeconds).toBe(10);
    expect(() => loadEnginesConfig({ FAL_KEY: 'k', FAL_SPEEDPAINTING_SECONDS: '7' }, fail)).toThrow(/FAL_SPEEDPAINTING_SECONDS/);
    expect(config.elevenlabs).toEqual({ apiKey: 'xi-x', baseUrl: 'https://api.elevenlabs.io', outputFormat: 'pcm_44100' });
    expect(config.fashn).toEqual({ apiKey: 'fa-x', baseUrl: 'https://api.fashn.ai', model: 'tryon-max' });
    expect(config.removebg).toEqual({ apiKey: 'rbg-x', baseUrl: 'https://api.remove.bg' });
    expect(config.replicate?.webhookSecret).toBe('whsec_c2VjcmV0');
    expect(loadEnginesConfig({ OPENAI_API_KEY: 'sk' }, fail).elevenlabs).toBeNull();
  });

  it('reports a wrong provider, a missing key or a malformed setting in one line naming the variable', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ IMAGE_GENERATOR_PROVIDER: 'fal' }, 'Invalid environment variable FAL_KEY: is required when IMAGE_GENERATOR_PROVIDER=fal'],
      [
        { FAL_KEY: 'k', SOUND_GENERATOR_PROVIDERS: 'fal,elevenlabs' },
        'Invalid environment variable ELEVENLABS_API_KEY: is required when SOUND_GENERATOR_PROVIDERS=fal,elevenlabs',
      ],
      [{ ...keys, SPEEDPAINTING_PROVIDER: 'openai' }, 'Invalid environment variable SPEEDPAINTING_PROVIDER: must be one of replicate, fal'],
      [{ ...keys, SALES_PILOT_PROVIDER: 'fal' }, 'Invalid environment variable SALES_PILOT_PROVIDER: must be one of openai'],
      [
        { ...keys, IMAGE_GENERATOR_PROVIDER: 'fal,openai' },
        'Invalid environment variable IMAGE_GENERATOR_PROVIDER: names one provider; use IMAGE_GENERATOR_PROVIDERS for a list',
      ],
      [{ ...keys, IMAGE_GENERATOR_PROVIDERS: 'fal,fal' }, 'Invalid environment variable IMAGE_GENERATOR_PROVIDERS: lists fal twice'],
      [
        { ...keys, IMAGE_GENERATOR_PROVIDER: 'fal', IMAGE_GENERATOR_PROVIDERS: 'fal' },
        'Invalid environment variable IMAGE_GENERATOR_PROVIDERS: set either IMAGE_GENERATOR_PROVIDER or IMAGE_GENERATOR_PROVIDERS, not both',
      ],
      [
        { ...keys, FAL_MODEL_IMAGE_GENERATOR: 'flux' },
        'Invalid environment variable FAL_MODEL_IMAGE_GENERATOR: must be a fal endpoint id like fal-ai/flux/schnell',
      ],
      [{ ...keys, ELEVENLABS_OUTPUT_FORMAT: 'wav' }, 'Invalid environment variable ELEVENLABS_OUTPUT_FORMAT: must be one of pcm_16000'],
      [
        { ...keys, REPLICATE_WEBHOOK_SECRET: 'secret' },
        'Invalid environment variable REPLICATE_WEBHOOK_SECRET: must be whsec_ followed by base64',
      ],
      [{ ...keys, FASHN_BASE_URL: 'ftp://fashn' }, 'Invalid environment variable FASHN_BASE_URL: must be an http(s) URL'],
      [{ ...keys, OPENAI_IMAGE_QUALITY: 'ultra' }, 'Invalid environment variable OPENAI_IMAGE_QUALITY: must be low, medium, high or auto'],
    ];
    for (const [env, message] of cases) expect(() => loadEnginesConfig(env, fail), message).toThrow(message);
  });
});

describe('commercial defaults', () => {
  it('every default model of every provider allows commercial use of its outputs', () => {
    for (const entry of defaultModels) {
      expect(entry.commercialUse, entry.model).toBe(true);
      for (const licence of nonCommercialLicences) expect(entry.licence.toLowerCase(), entry.model).not.toContain(licence.toLowerCase());
      expect(knownNonCommercialModels as readonly string[], entry.model).not.toContain(entry.model);
      expect(entry.source, entry.model).toMatch(/^https:\/\//);
    }
    const defaults = [...Object.values(defaultReplicateModels), ...Object.values(defaultFalModels)];
    for (const model of defaults) {
      expect(knownNonCommercialModels as readonly string[], model).not.toContain(model);
      expect(
        defaultModels.some((entry) => entry.model === model),
        `${model} has a licence record`,
      ).toBe(true);
    }
  });

  it('every provider of every service has a default model', () => {
    for (const [service, providers] of Object.entries(serviceProviders)) {
      for (const provider of providers) expect(defaultModelOf(service as ServiceKey, provider), `${service} on ${provider}`).toBeTruthy();
    }
  });
});
