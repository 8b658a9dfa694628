import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import type { ImageGeneratorParams } from '@lumen/core/services/image-generator-params';
import type { SalesPilotParams } from '@lumen/core/services/sales-pilot-params';
import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { SpeedpaintingParams } from '@lumen/core/services/speedpainting-params';
import type { VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import type { Engine } from '../engine.ts';
import { createAiBackgroundRemoteEngine } from './ai-background.remote.ts';
import { defaultHttpPolicy } from './http-client.ts';
import { createImageGeneratorRemoteEngine } from './image-generator.remote.ts';
import type { EnginesConfig } from './remote-config.ts';
import type { ReplicateSettings } from './replicate-client.ts';
import { createSalesPilotRemoteEngine } from './sales-pilot.remote.ts';
import { createSoundGeneratorRemoteEngine } from './sound-generator.remote.ts';
import { createSpeedpaintingRemoteEngine } from './speedpainting.remote.ts';
import { createVirtualTryOnRemoteEngine } from './virtual-try-on.remote.ts';

export type RemoteEngines = {
  'ai-background'?: Engine<AiBackgroundParams>;
  'image-generator'?: Engine<ImageGeneratorParams>;
  'virtual-try-on'?: Engine<VirtualTryOnParams>;
  speedpainting?: Engine<SpeedpaintingParams>;
  'sales-pilot'?: Engine<SalesPilotParams>;
  'sound-generator'?: Engine<SoundGeneratorParams>;
};

/** The remote adapter of every service configured with `<SERVICE>_ENGINE=remote`; the others are absent. */
export function createRemoteEngines(
  config: EnginesConfig,
  options: { pollIntervalMs?: number; presetDirectory?: string } = {},
): RemoteEngines {
  const engines: RemoteEngines = {};
  const http = { ...defaultHttpPolicy, timeoutMs: config.requestTimeoutMs, retries: config.retries };
  if (config.replicate) {
    const settings: ReplicateSettings = {
      apiToken: config.replicate.apiToken,
      baseUrl: config.replicate.baseUrl,
      http: { ...http, provider: 'Replicate' },
      pollIntervalMs: options.pollIntervalMs ?? 2000,
    };
    const { models } = config.replicate;
    if (config.kinds['ai-background'] === 'remote') {
      engines['ai-background'] = createAiBackgroundRemoteEngine(settings, models['ai-background'], {
        presetDirectory: options.presetDirectory,
      });
    }
    if (config.kinds['image-generator'] === 'remote')
      engines['image-generator'] = createImageGeneratorRemoteEngine(settings, models['image-generator']);
    if (config.kinds['virtual-try-on'] === 'remote')
      engines['virtual-try-on'] = createVirtualTryOnRemoteEngine(settings, models['virtual-try-on']);
    if (config.kinds.speedpainting === 'remote') engines.speedpainting = createSpeedpaintingRemoteEngine(settings, models.speedpainting);
    if (config.kinds['sound-generator'] === 'remote')
      engines['sound-generator'] = createSoundGeneratorRemoteEngine(settings, models['sound-generator']);
  }
  if (config.openai && config.kinds['sales-pilot'] === 'remote') {
    engines['sales-pilot'] = createSalesPilotRemoteEngine({
      ...config.openai,
      http: { ...http, provider: 'OpenAI', timeoutMs: Math.max(http.timeoutMs, 120_000) },
    });
  }
  return engines;
}
