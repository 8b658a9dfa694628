import { soundWaveformPoints } from '@lumen/core/services/sound-generator-params';
import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { EngineResult } from '../engine.ts';
import { encodeWav, readWav, waveformPeaks } from '../sound-generator/wav.ts';
import { toResultFile } from './output-file.ts';

/** 'Rain on a tin roof' → 'sound-rain-on-a-tin-roof' (at most 40 characters after 'sound-'). */
export function soundStem(prompt: string): string {
  const slug = prompt
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug ? `sound-${slug}` : 'sound';
}

/**
 * A hosted model's audio as the job's result: checked by its bytes, named after the prompt, with
 * the built-in engine's preview and waveform when it is a 16-bit WAV.
 */
export async function soundResult(
  data: Buffer,
  params: SoundGeneratorParams,
  provider: string,
  summary: Record<string, unknown>,
): Promise<EngineResult> {
  const audio = await toResultFile(data, 'audio', soundStem(params.prompt), provider);
  const preview = wavPreview(audio.data);
  const name = audio.name.replace(/\.[a-z0-9]+$/, '');
  return {
    files: [{ ...audio, ...(preview ? { preview: { name: `${name}-preview.wav`, contentType: 'audio/wav', data: preview } } : {}) }],
    summary: { ...wavSummary(audio.data), ...summary },
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
