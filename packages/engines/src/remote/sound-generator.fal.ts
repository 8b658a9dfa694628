import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { Engine } from '../engine.ts';
import { runFalForFiles } from './fal-client.ts';
import type { FalSettings } from './fal-client.ts';
import { soundResult } from './sound-output.ts';

/** fal's ElevenLabs sound-effects endpoint takes at most 22 seconds. */
const FAL_SOUND_MAX_SECONDS = 22;

/**
 * Sound generation through ElevenLabs' sound-effects model on fal (text, duration_seconds,
 * prompt_influence; output `audio`), e.g. fal-ai/elevenlabs/sound-effects/v2. The audio is MP3,
 * fal's default for this endpoint.
 */
export function createSoundGeneratorFalEngine(settings: FalSettings, model: string): Engine<SoundGeneratorParams> {
  return {
    service: 'sound-generator',
    kind: 'remote',
    label: `Hosted model on fal (${model})`,
    async run({ params }, context) {
      const duration = Math.min(FAL_SOUND_MAX_SECONDS, params.durationSeconds);
      const { files } = await runFalForFiles(
        settings,
        model,
        { text: params.prompt, duration_seconds: duration, prompt_influence: 0.3 },
        context,
      );
      return soundResult(files[0]!, params, 'fal', { requestedSeconds: params.durationSeconds, engine: `fal ${model}` }, context.signal);
    },
  };
}
