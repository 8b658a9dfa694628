import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { Engine } from '../engine.ts';
import { runPredictionForFiles } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';
import { soundResult } from './sound-output.ts';

/** ElevenLabs Music on Replicate makes 5 s at the least (`music_length_ms` from 5000). */
export const elevenLabsMusicMinSeconds = 5;

/** The inputs of a text-to-audio model on Replicate, by the model's family. */
export function soundInput(model: string, params: SoundGeneratorParams): Record<string, unknown> {
  if (/^elevenlabs\/music/.test(model)) {
    return {
      prompt: params.prompt,
      music_length_ms: Math.max(elevenLabsMusicMinSeconds, params.durationSeconds) * 1000,
      force_instrumental: true,
      output_format: 'wav_cd_quality',
    };
  }
  const input: Record<string, unknown> = { prompt: params.prompt, duration: params.durationSeconds };
  if (/musicgen/i.test(model)) input.output_format = params.format;
  return input;
}

/**
 * Sound generation through a hosted text-to-audio model on Replicate. The default, elevenlabs/music, gets `prompt`,
 * `music_length_ms` (billed per second of audio), `force_instrumental` and a 44.1 kHz WAV; models taking `prompt` and
 * `duration` in seconds (stability-ai/stable-audio-2.5, a former default) get those; MusicGen-style models also get
 * `output_format`.
 */
export function createSoundGeneratorRemoteEngine(settings: ReplicateSettings, model: string): Engine<SoundGeneratorParams> {
  return {
    service: 'sound-generator',
    kind: 'remote',
    label: `Hosted model on Replicate (${model})`,
    async run({ params }, context) {
      const [first] = await runPredictionForFiles(settings, model, soundInput(model, params), context);
      return soundResult(first!, params, 'Replicate', { engine: `Replicate ${model}` }, context.signal);
    },
  };
}
