import { soundWaveformPoints } from '@lumen/core/services/sound-generator-params';
import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { Engine } from '../engine.ts';
import { encodeWav, readWav, waveformPeaks } from '../sound-generator/wav.ts';
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
      const stem = `sound-${params.prompt
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 40)
        .replace(/-+$/, '')}`;
      const audio = await toResultFile(first!, 'audio', stem === 'sound-' ? 'sound' : stem, 'Replicate');
      const preview = wavPreview(audio.data);
      const name = audio.name.replace(/\.[a-z0-9]+$/, '');
      return {
        files: [{ ...audio, ...(preview ? { preview: { name: `${name}-preview.wav`, contentType: 'audio/wav', data: preview } } : {}) }],
        summary: { ...wavSummary(audio.data), engine: `Replicate ${model}` },
      };
    },
  };
}

/** Length and waveform peaks of a 16-bit PCM WAV, for the audio player; nothing for other formats. */
export function wavSummary(data: Buffer): { sampleRate?: number; channels?: number; durationSeconds?: number; peaks?: number[] } {
  try {
    const wav = readWav(data);
    if (wav.bitsPerSample !== 16 || wav.channels < 1 || wav.frames < 1) return {};
    const channels = Array.from({ length: wav.channels }, (_, c) => {
      const channel = new Float32Array(Math.floor(wav.frames));
      for (let i = 0; i < channel.length; i += 1) channel[i] = wav.samples[i * wav.channels + c]! / 32768;
      return channel;
    });
    return {
      sampleRate: wav.sampleRate,
      channels: wav.channels,
      durationSeconds: Math.round((wav.frames / wav.sampleRate) * 1000) / 1000,
      peaks: waveformPeaks(channels, soundWaveformPoints),
    };
  } catch {
    return {};
  }
}

const PREVIEW_SECONDS = 5;

/**
 * The preview free-plan users hear, like the built-in engine's: the first 5 s of a
 * 16-bit PCM WAV in mono at half the rate (or less), faded out; null for other formats.
 */
export function wavPreview(data: Buffer): Buffer | null {
  try {
    const wav = readWav(data);
    if (wav.bitsPerSample !== 16 || wav.channels < 1 || wav.frames < 1) return null;
    const step = Math.max(2, Math.round(wav.sampleRate / 22_050));
    const rate = Math.round(wav.sampleRate / step);
    const frames = Math.min(Math.floor(wav.frames / step), PREVIEW_SECONDS * rate);
    const fade = Math.max(1, Math.min(frames, Math.round(rate / 2)));
    const mono = new Float32Array(frames);
    for (let i = 0; i < frames; i += 1) {
      let sum = 0;
      for (let k = 0; k < step; k += 1)
        for (let c = 0; c < wav.channels; c += 1) sum += wav.samples[(i * step + k) * wav.channels + c] ?? 0;
      mono[i] = (sum / (step * wav.channels) / 32768) * Math.min(1, (frames - 1 - i) / fade);
    }
    return encodeWav([mono], rate);
  } catch {
    return null;
  }
}
