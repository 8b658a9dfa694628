import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import type { ImageGeneratorParams } from '@lumen/core/services/image-generator-params';
import type { SalesPilotParams } from '@lumen/core/services/sales-pilot-params';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { SpeedpaintingParams } from '@lumen/core/services/speedpainting-params';
import type { VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import { builtinLabels } from './builtin-labels.ts';
import type { Engine } from './engine.ts';

// The built-in engines, each loaded (with its libraries and models) on its first run: an API process that only
// lists the services and their labels never loads any of them, and a worker loads only the ones its jobs use.

/** An engine that imports its implementation on its first run (a failed import is tried again on the next run). */
export function lazyEngine<Params>(
  service: ServiceKey,
  load: () => Promise<Engine<Params>>,
  options: { reads?: boolean } = {},
): Engine<Params> {
  let loading: Promise<Engine<Params>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    service,
    kind: 'builtin',
    label: builtinLabels[service],
    async run(input, context) {
      return (await loaded()).run(input, context);
    },
    // Engines that read a request before running it (and may refuse it) say so here, so that the reading is
    // offered without loading an engine that has none.
    ...(options.reads
      ? {
          async read(params: Params) {
            const engine = await loaded();
            if (!engine.read) throw new Error(`The ${service} engine reads no requests`);
            return engine.read(params);
          },
        }
      : {}),
  };
}

/** The background engine with its own preset folder (tests, the examples script); loaded on its first run. */
export function createAiBackgroundEngine(options: { presetDirectory?: string } = {}): Engine<AiBackgroundParams> {
  return lazyEngine('ai-background', async () =>
    (await import('./ai-background/ai-background.engine.ts')).createAiBackgroundEngine(options),
  );
}

export const aiBackgroundEngine = createAiBackgroundEngine();
export const imageGeneratorEngine = lazyEngine<ImageGeneratorParams>(
  'image-generator',
  async () => (await import('./image-generator/image-generator.engine.ts')).imageGeneratorEngine,
  { reads: true },
);
export const virtualTryOnEngine = lazyEngine<VirtualTryOnParams>(
  'virtual-try-on',
  async () => (await import('./virtual-try-on/virtual-try-on.engine.ts')).virtualTryOnEngine,
);
export const speedpaintingEngine = lazyEngine<SpeedpaintingParams>(
  'speedpainting',
  async () => (await import('./speedpainting/speedpainting.engine.ts')).speedpaintingEngine,
);
export const salesPilotEngine = lazyEngine<SalesPilotParams>(
  'sales-pilot',
  async () => (await import('./sales-pilot/sales-pilot.engine.ts')).salesPilotEngine,
);
export const soundGeneratorEngine = lazyEngine<SoundGeneratorParams>(
  'sound-generator',
  async () => (await import('./sound-generator/sound-generator.engine.ts')).soundGeneratorEngine,
  { reads: true },
);
