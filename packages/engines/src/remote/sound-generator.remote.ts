import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { Engine } from '../engine.ts';
import { runPredictionForFiles } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';
import { soundResult } from './sound-output.ts';

/**
 * Sound generation through a hosted text-to-audio model on Replicate with `prompt` and `duration`
 * in seconds, e.g. stability-ai/stable-audio-2.5; MusicGen-style models (meta/musicgen) also get
 * `output_format`.
 */
export function createSoundGeneratorRemoteEngine(settings: ReplicateSettings, model: string): Engine<SoundGeneratorParams> {
  return {
    service: 'sound-generator',
    kind: 'remote',
    label: `Hosted model on Replicate (${model})`,
    async run({ params }, context) {
      const input: Record<string, unknown> = { prompt: params.prompt, duration: params.durationSeconds };
      if (/musicgen/i.test(model)) input.output_format = params.format;
      const [first] = await runPredictionForFiles(settings, model, input, context);
      return soundResult(first!, params, 'Replicate', { engine: `Replicate ${model}` }, context.signal);
    },
  };
}
