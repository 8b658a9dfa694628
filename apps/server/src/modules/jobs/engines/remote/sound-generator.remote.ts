import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { Engine } from '../engine.ts';
import { toResultFile } from './output-file.ts';
import { runPredictionForFiles } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';

/**
 * Sound generation through a hosted text-to-audio model on Replicate with MusicGen's inputs
 * (prompt, duration, output_format), e.g. meta/musicgen.
 */
export function createSoundGeneratorRemoteEngine(settings: ReplicateSettings, model: string): Engine<SoundGeneratorParams> {
  return {
    service: 'sound-generator',
    kind: 'remote',
    label: `Hosted model on Replicate (${model})`,
    async run({ params }, context) {
      const [first] = await runPredictionForFiles(
        settings,
        model,
        { prompt: params.prompt, duration: params.durationSeconds, output_format: params.format },
        context,
      );
      const stem = `sound-${params.prompt.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '')}`;
      const audio = await toResultFile(first!, 'audio', stem === 'sound-' ? 'sound' : stem, 'Replicate');
      return { files: [audio], summary: { durationSeconds: params.durationSeconds, engine: `Replicate ${model}` } };
    },
  };
}
