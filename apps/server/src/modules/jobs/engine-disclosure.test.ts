import { describe, expect, it } from 'vitest';
import { createEngineRegistry, loadEnginesConfig } from '@lumen/engines';
import { serviceEngineLines } from './engine-disclosure.ts';

const fail = (message: string) => new Error(message);

describe('the start-up lines: which provider each service runs on', () => {
  it('says that OPENAI_API_KEY alone moves AI background, images and the sales pilot onto OpenAI, the rest built in', () => {
    const engines = createEngineRegistry(loadEnginesConfig({ OPENAI_API_KEY: 'sk-x' }, fail));
    expect(serviceEngineLines(engines).map(({ line }) => line)).toEqual([
      'ai-background runs on OpenAI (gpt-image-2.6-flare)',
      'image-generator runs on OpenAI (gpt-image-2.6-flare)',
      'virtual-try-on runs on the built-in engine',
      'speedpainting runs on the built-in engine',
      'sales-pilot runs on OpenAI (gpt-4o-mini)',
      'sound-generator runs on the built-in engine',
    ]);
  });

  it('names every keyed provider of a service in order, and nothing hosted without a key', () => {
    const keyed = createEngineRegistry(loadEnginesConfig({ FAL_KEY: 'fal-key', REPLICATE_API_TOKEN: 'r8_x' }, fail));
    expect(serviceEngineLines(keyed).find(({ service }) => service === 'image-generator')?.line).toBe(
      'image-generator runs on Replicate (black-forest-labs/flux-schnell), then fal (fal-ai/flux/schnell)',
    );
    const none = createEngineRegistry(loadEnginesConfig({}, fail));
    expect(serviceEngineLines(none).every(({ line }) => line.endsWith('runs on the built-in engine'))).toBe(true);
  });
});
