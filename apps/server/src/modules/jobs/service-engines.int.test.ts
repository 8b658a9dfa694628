import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceEntry } from '@lumen/core/jobs/schemas';
import { loadEnginesConfig } from '@lumen/engines';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function catalogue(): Promise<Record<string, ServiceEntry['engine']>> {
  const response = await t!.app.inject({ method: 'GET', url: '/api/v1/services' });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries((response.json().data as ServiceEntry[]).map((entry) => [entry.key, entry.engine]));
}

describe('GET /services: what runs each service', () => {
  it('reports the offline engine, without provider or model, for every service by default', async () => {
    t = await buildTestApp();
    const engines = await catalogue();
    expect(Object.keys(engines)).toHaveLength(6);
    for (const engine of Object.values(engines)) {
      expect(engine).toMatchObject({ kind: 'builtin', provider: null, model: null });
      expect(engine.label).toMatch(/offline/i);
    }
  });

  it('names the provider and model of each service the configuration puts on a hosted model', async () => {
    const env = {
      IMAGE_GENERATOR_PROVIDER: 'fal',
      FAL_KEY: 'fal-test-key',
      SOUND_GENERATOR_PROVIDERS: 'elevenlabs,fal',
      ELEVENLABS_API_KEY: 'elevenlabs-test-key',
      SALES_PILOT_ENGINE: 'remote',
      OPENAI_API_KEY: 'openai-test-key',
      OPENAI_MODEL: 'gpt-4.1-mini',
      VIRTUAL_TRY_ON_ENGINE: 'remote',
      REPLICATE_API_TOKEN: 'replicate-test-token',
      REPLICATE_MODEL_VIRTUAL_TRY_ON: 'example-owner/try-on-model',
      // A provider's key alone would put these on it too.
      AI_BACKGROUND_ENGINE: 'builtin',
      SPEEDPAINTING_ENGINE: 'builtin',
    };
    t = await buildTestApp({ config: { engines: loadEnginesConfig(env, (message) => new Error(message)) } });
    const engines = await catalogue();
    expect(engines['image-generator']).toMatchObject({ kind: 'remote', provider: 'fal', model: 'fal-ai/flux/schnell' });
    expect(engines['sound-generator']).toMatchObject({ kind: 'remote', provider: 'ElevenLabs', model: 'eleven_text_to_sound_v2' });
    expect(engines['sales-pilot']).toMatchObject({ kind: 'remote', provider: 'OpenAI', model: 'gpt-4.1-mini' });
    expect(engines['virtual-try-on']).toMatchObject({ kind: 'remote', provider: 'Replicate', model: 'example-owner/try-on-model' });
    for (const service of ['ai-background', 'speedpainting']) {
      expect(engines[service]).toMatchObject({ kind: 'builtin', provider: null, model: null });
    }
  });
});
