import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { Engine } from '../engine.ts';
import { elevenLabsSoundModel, generateSoundEffect } from './elevenlabs-client.ts';
import type { ElevenLabsSettings } from './elevenlabs-client.ts';
import { soundResult } from './sound-output.ts';

/** Sound generation through ElevenLabs' own sound-effects API; PCM formats come back as WAV with the usual preview. */
export function createSoundGeneratorElevenLabsEngine(settings: ElevenLabsSettings): Engine<SoundGeneratorParams> {
  return {
    service: 'sound-generator',
    kind: 'remote',
    label: `ElevenLabs (${elevenLabsSoundModel})`,
    async run({ params }, context) {
      context.onProgress(0.1);
      const audio = await generateSoundEffect(settings, { text: params.prompt, durationSeconds: params.durationSeconds }, context.signal);
      context.onProgress(1);
      return soundResult(audio, params, 'ElevenLabs', { engine: `ElevenLabs ${elevenLabsSoundModel}` }, context.signal);
    },
  };
}
