import { describe, expect, it } from 'vitest';
import { createRemoteEngines } from './create-remote-engines.ts';
import { loadEnginesConfig } from './remote-config.ts';

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
        OPENAI_API_KEY: 'sk-x',
        SALES_PILOT_ENGINE: 'remote',
        OPENAI_MODEL: 'gpt-4.1-mini',
        REMOTE_RETRIES: '1',
      },
      fail,
    );
    expect(config.replicate?.baseUrl).toBe('http://127.0.0.1:9');
    expect(config.replicate?.models['sound-generator']).toBe('meta/musicgen');
    expect(config.retries).toBe(1);
    const engines = createRemoteEngines(config);
    expect(Object.keys(engines).sort()).toEqual(['image-generator', 'sales-pilot', 'sound-generator']);
    expect(engines['image-generator']?.kind).toBe('remote');
    expect(engines['sales-pilot']?.label).toBe('Hosted language model (gpt-4.1-mini)');
  });
});
